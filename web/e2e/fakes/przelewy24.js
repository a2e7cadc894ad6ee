#!/usr/bin/env node
/**
 * A local stand-in for Przelewy24's REST API (v1) and its payment page, for
 * the browser tests. It checks what the real provider checks and answers as
 * it does (see services/cart/src/payments.rs for the shop's side):
 *
 * - POST /api/v1/transaction/register: HTTP basic auth (posId:apiKey), the
 *   merchant and shop, the SHA-384 `sign`; the transaction is kept and its
 *   token answered as `{ data: { token } }`.
 * - GET /trnRequest/{token}: the payment page, with the amount and a button.
 *   Paying notifies the shop: a signed JSON POST to the transaction's
 *   `urlStatus`, sent after the guest has been sent back to `urlReturn`, as
 *   the real provider may (it is retried a few times while the shop does not
 *   answer 200).
 * - PUT /api/v1/transaction/verify: auth and sign again, and the session,
 *   order id, amount and currency must be those of a notified transaction;
 *   answers `{ data: { status: 'success' } }`.
 *
 * What happened is kept in memory for the tests: GET /transactions (JSON)
 * lists every registered transaction with its notification, the notices'
 * deliveries and the verifications, and every refused call (with the
 * session and return URL it named). GET /health
 * answers once the fake listens.
 *
 * Settings (environment): P24_FAKE_ADDR (host:port, 127.0.0.1:18090 by
 * default), P24_MERCHANT_ID, P24_POS_ID (the merchant's by default),
 * P24_API_KEY and P24_CRC: the same values the shop is given.
 *
 * Only node:http and node:crypto: the tests' stack starts it with `node`.
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';

const [host = '127.0.0.1', port = '18090'] = (process.env.P24_FAKE_ADDR ?? '127.0.0.1:18090').split(':');

/** @param {string} name */
function required(name) {
  const value = process.env[name];
  if (!value) {
    console.error(`przelewy24 fake: ${name} is not set`);
    process.exit(2);
  }
  return value;
}

const MERCHANT_ID = Number(required('P24_MERCHANT_ID'));
const POS_ID = Number(process.env.P24_POS_ID ?? MERCHANT_ID);
const API_KEY = required('P24_API_KEY');
const CRC = required('P24_CRC');
/** The request body size the fake accepts. */
const MAX_BODY = 64 * 1024;
/** How many times a notification is sent while the shop does not take it. */
const DELIVERY_ATTEMPTS = 3;
const RETRY_AFTER_MS = 500;

/**
 * SHA-384 (hex) of a JSON object with the fields in the documented order.
 * JSON.stringify leaves slashes and non-ASCII characters unescaped, as the
 * documentation (and serde_json, on the shop's side) does.
 *
 * @param {Record<string, unknown>} fields
 */
const sign = (fields) => createHash('sha384').update(JSON.stringify({ ...fields, crc: CRC })).digest('hex');

/** @param {unknown} given @param {string} expected */
function sameSign(given, expected) {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** @param {import('node:http').IncomingMessage} req */
function authorized(req) {
  const expected = `Basic ${Buffer.from(`${POS_ID}:${API_KEY}`).toString('base64')}`;
  const given = req.headers.authorization ?? '';
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * @typedef {{ at: string, status: number | null, body: string }} Delivery
 * @typedef {{
 *   token: string,
 *   state: 'registered' | 'notified' | 'verified',
 *   registeredAt: string,
 *   registration: Record<string, unknown>,
 *   notification: Record<string, unknown> | null,
 *   deliveries: Delivery[],
 *   verifications: Record<string, unknown>[],
 * }} Transaction
 */

/** @type {Transaction[]} */
const transactions = [];
/** @type {{ at: string, method: string, path: string, status: number, error: string, sessionId?: unknown, urlReturn?: unknown }[]} */
const refused = [];
let nextOrderId = 310_000_001;

const isInt = (/** @type {unknown} */ v) => typeof v === 'number' && Number.isSafeInteger(v);
const isText = (/** @type {unknown} */ v) => typeof v === 'string' && v.length > 0;

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * A refused API call, answered the way Przelewy24 does and kept for the
 * tests, with the session and return URL it named, if any.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {string} error
 * @param {Record<string, unknown> | null} [body]
 */
function refuse(req, res, status, error, body = null) {
  const at = new Date().toISOString();
  refused.push({ at, method: req.method ?? '', path: req.url ?? '', status, error, sessionId: body?.sessionId, urlReturn: body?.urlReturn });
  console.warn(`przelewy24 fake: ${req.method} ${req.url} refused (${status}): ${error}`);
  json(res, status, { error, code: status });
}

/** @param {import('node:http').IncomingMessage} req @returns {Promise<string>} */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else {
        chunks.push(chunk);
      }
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** @param {string} text @returns {Record<string, unknown> | null} */
function parseObject(text) {
  try {
    const value = /** @type {unknown} */ (JSON.parse(text));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? /** @type {Record<string, unknown>} */ (value) : null;
  } catch {
    return null;
  }
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function register(req, res) {
  const body = parseObject(await readBody(req));
  if (!authorized(req)) return refuse(req, res, 401, 'Incorrect authentication', body);
  if (!body) return refuse(req, res, 400, 'Invalid JSON');
  const { merchantId, posId, sessionId, amount, currency, description, email, country, language, urlReturn, urlStatus } = body;
  if (!isInt(merchantId) || !isInt(posId) || !isText(sessionId) || !isInt(amount) || !isText(currency)) {
    return refuse(req, res, 400, 'Missing or invalid merchantId, posId, sessionId, amount or currency', body);
  }
  if (!isText(description) || !isText(email) || !isText(country) || !isText(language) || !isText(urlReturn) || !isText(urlStatus)) {
    return refuse(req, res, 400, 'Missing description, email, country, language, urlReturn or urlStatus', body);
  }
  if (merchantId !== MERCHANT_ID || posId !== POS_ID) return refuse(req, res, 400, 'Incorrect merchantId or posId', body);
  if (Number(amount) <= 0) return refuse(req, res, 400, 'Incorrect amount', body);
  if (!sameSign(body.sign, sign({ sessionId, merchantId, amount, currency }))) return refuse(req, res, 400, 'Incorrect sign', body);
  if (transactions.some((t) => t.registration.sessionId === sessionId)) return refuse(req, res, 400, 'sessionId already used', body);
  const token = randomUUID().toUpperCase();
  transactions.push({
    token,
    state: 'registered',
    registeredAt: new Date().toISOString(),
    registration: body,
    notification: null,
    deliveries: [],
    verifications: [],
  });
  json(res, 200, { data: { token }, responseCode: 0 });
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function verify(req, res) {
  const body = parseObject(await readBody(req));
  if (!authorized(req)) return refuse(req, res, 401, 'Incorrect authentication', body);
  if (!body) return refuse(req, res, 400, 'Invalid JSON');
  const { merchantId, posId, sessionId, amount, currency, orderId } = body;
  if (!isInt(merchantId) || !isInt(posId) || !isText(sessionId) || !isInt(amount) || !isText(currency) || !isInt(orderId)) {
    return refuse(req, res, 400, 'Missing or invalid merchantId, posId, sessionId, amount, currency or orderId', body);
  }
  if (merchantId !== MERCHANT_ID || posId !== POS_ID) return refuse(req, res, 400, 'Incorrect merchantId or posId', body);
  if (!sameSign(body.sign, sign({ sessionId, orderId, amount, currency }))) return refuse(req, res, 400, 'Incorrect sign', body);
  const transaction = transactions.find((t) => t.registration.sessionId === sessionId);
  const notified = transaction?.notification;
  if (!transaction || !notified) return refuse(req, res, 400, 'Transaction not paid', body);
  if (notified.orderId !== orderId || notified.amount !== amount || notified.currency !== currency) {
    return refuse(req, res, 400, 'orderId, amount or currency differ from the payment', body);
  }
  transaction.verifications.push({ ...body, at: new Date().toISOString() });
  transaction.state = 'verified';
  json(res, 200, { data: { status: 'success' }, responseCode: 0 });
}

/**
 * Posts the notification to the shop's status URL, again while it does not
 * answer 200. Every attempt is kept.
 *
 * @param {Transaction} transaction
 */
async function deliver(transaction) {
  const target = new URL(String(transaction.registration.urlStatus));
  const payload = JSON.stringify(transaction.notification);
  for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt += 1) {
    /** @type {Delivery} */
    const delivery = await new Promise((resolve) => {
      const at = new Date().toISOString();
      const req = httpRequest(
        target,
        { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }, timeout: 10_000 },
        (res) => {
          /** @type {Buffer[]} */
          const chunks = [];
          res.on('data', (/** @type {Buffer} */ c) => chunks.push(c));
          res.on('end', () => resolve({ at, status: res.statusCode ?? null, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', (e) => resolve({ at, status: null, body: String(e) }));
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer in time')));
      req.on('error', (e) => resolve({ at, status: null, body: String(e) }));
      req.end(payload);
    });
    transaction.deliveries.push(delivery);
    if (delivery.status === 200) return;
    console.warn(`przelewy24 fake: notification ${attempt} to ${target.href} answered ${delivery.status}: ${delivery.body}`);
    if (attempt < DELIVERY_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS * attempt));
  }
}

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const PAGE_TEXTS = {
  de: { title: 'Zahlung', amount: 'Betrag', pay: 'Bezahlen', merchant: 'Empfänger' },
  pl: { title: 'Płatność', amount: 'Kwota', pay: 'Zapłać', merchant: 'Odbiorca' },
  en: { title: 'Payment', amount: 'Amount', pay: 'Pay', merchant: 'Recipient' },
};

/**
 * @param {import('node:http').ServerResponse} res
 * @param {Transaction} transaction
 */
function paymentPage(res, transaction) {
  const { language, amount, currency, description } = transaction.registration;
  const lang = language === 'de' || language === 'pl' ? language : 'en';
  const t = PAGE_TEXTS[lang];
  const shown = new Intl.NumberFormat(lang, { style: 'currency', currency: String(currency) }).format(Number(amount) / 100);
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><title>Przelewy24 – ${t.title}</title></head>
<body>
<main>
  <h1>Przelewy24</h1>
  <p>${escapeHtml(String(description))}</p>
  <p>${t.amount}: <strong data-testid="p24-amount" data-amount="${Number(amount)}">${escapeHtml(shown)}</strong></p>
  <form method="post" action="/trnRequest/${encodeURIComponent(transaction.token)}/pay">
    <button type="submit">${t.pay}</button>
  </form>
</main>
</body>
</html>`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

/**
 * The guest paid: the notification is signed and kept, the guest sent back
 * to the shop, and the shop notified.
 *
 * @param {import('node:http').ServerResponse} res
 * @param {Transaction} transaction
 */
function pay(res, transaction) {
  const first = transaction.notification === null;
  if (first) {
    const { sessionId, amount, currency } = transaction.registration;
    const fields = {
      merchantId: MERCHANT_ID,
      posId: POS_ID,
      sessionId,
      amount,
      originAmount: amount,
      currency,
      orderId: nextOrderId++,
      methodId: 25,
      statement: `p24-${transaction.token.slice(0, 2)}-${transaction.token.slice(2, 4)}-${transaction.token.slice(4, 6)}`,
    };
    transaction.notification = { ...fields, sign: sign(fields) };
    transaction.state = 'notified';
  }
  res.writeHead(303, { location: String(transaction.registration.urlReturn), 'cache-control': 'no-store' });
  res.end();
  // A page paid twice (the guest went back) is paid and notified once.
  if (first) void deliver(transaction);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://fake');
  const page = /^\/trnRequest\/([^/]+)(\/pay)?$/.exec(url.pathname);
  const handle = async () => {
    if (req.method === 'GET' && url.pathname === '/health') return json(res, 200, { status: 'ok' });
    if (req.method === 'GET' && url.pathname === '/transactions') return json(res, 200, { transactions, refused });
    if (req.method === 'POST' && url.pathname === '/api/v1/transaction/register') return register(req, res);
    if (req.method === 'PUT' && url.pathname === '/api/v1/transaction/verify') return verify(req, res);
    if (page) {
      const transaction = transactions.find((t) => t.token === decodeURIComponent(page[1] ?? ''));
      if (!transaction) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('Unknown transaction');
      }
      if (req.method === 'GET' && !page[2]) return paymentPage(res, transaction);
      if (req.method === 'POST' && page[2]) return pay(res, transaction);
    }
    json(res, 404, { error: 'Not found', code: 404 });
  };
  handle().catch((error) => {
    console.error('przelewy24 fake:', error);
    if (!res.headersSent) json(res, 400, { error: String(error), code: 400 });
  });
});

server.listen(Number(port), host, () => {
  console.warn(`przelewy24 fake listening on http://${host}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(0));
