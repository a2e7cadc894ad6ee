#!/usr/bin/env node
/**
 * Lighthouse against a running shop (the gateway or the standalone stack
 * serving `web/dist`): performance, accessibility, best practices and SEO of
 * the home page, a listing, a product page, the reservation search and the
 * payment page of an order (`/order/{token}/pay`, where "pay and finish" and
 * every e-mail lead), placed for the audit through the shop's API: a room for
 * two nights about two months ahead, paid by bank transfer (the shop needs a
 * bank account in its settings, as `make run` and the browser tests give it).
 * Prints each category's score per page and exits 1 when one is below its
 * threshold (100 unless told otherwise), listing the audits that cost it.
 *
 *   node scripts/lighthouse.mjs [base URL] [options]
 *   npm run lighthouse -- http://127.0.0.1:18080 --preset=mobile
 *
 * Base URL: the argument, else LIGHTHOUSE_BASE_URL, else http://127.0.0.1:8080.
 * Options (each also an environment variable):
 *   --preset=desktop|mobile   LIGHTHOUSE_PRESET (default desktop): Lighthouse's
 *                             desktop config, or its default (a mid-range phone
 *                             on a slow 4G connection, simulated)
 *   --min=N                   LIGHTHOUSE_MIN_SCORE (default 100): every category
 *   --min-<category>=N        LIGHTHOUSE_MIN_<CATEGORY>: one category, e.g.
 *                             --min-performance=90, LIGHTHOUSE_MIN_BEST_PRACTICES=95
 *   --pages=/a,/b             LIGHTHOUSE_PAGES: other paths to audit
 *   --report-dir=DIR          LIGHTHOUSE_REPORT_DIR: also write each page's JSON report
 *
 * Chrome is Debian's Chromium (CHROME_PATH, default /usr/bin/chromium); no
 * browser is ever downloaded. The default pages are Polish, the shop's
 * default language: their paths come from src/config/paths.ts (the root,
 * the treatments listing, the reservation search) and the demo catalogue
 * (services/catalog/seed/catalog.json: the hot stone massage).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const DEFAULT_PAGES = [
  ['home', '/'],
  ['listing', '/oferta/zabiegi/'],
  ['product', '/oferta/zabiegi/masaz-goracymi-kamieniami'],
  ['reservation search', '/reservation/search'],
];

/** Places an order as a guest would (a room, a bank transfer) and answers its payment page's path. */
async function placeOrder(base) {
  const q = 'channel=web_pl&locale=pl';
  const call = async (method, path, data) => {
    const response = await fetch(new URL(`/shop-api${path}?${q}`, base), {
      method,
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    const text = await response.text();
    if (!response.ok) fail(`placing the payment page's order: ${method} ${path} answered ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const rooms = await call('GET', '/offer/room', undefined);
  const room = rooms.items?.[0]?.code;
  if (!room) fail('placing the payment page\'s order: the shop sells no room');
  const token = crypto.randomUUID().replaceAll('-', '');
  // A night some two months ahead, a different one each run, so earlier runs' orders leave rooms free.
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const start = 55 + Math.floor(Math.random() * 60);
  await call('POST', `/carts/${token}`, { locale: 'pl' });
  await call('POST', `/carts/${token}/items`, {
    type: 'reservation',
    productCode: room,
    options: { checkIn: day(start), checkOut: day(start + 2), adults: 2 },
  });
  await call('PUT', `/checkout/${token}/address`, {
    customer: { firstName: 'Ewa', lastName: 'Kowalska', email: 'ewa@example.pl', phone: '+48 600 200 300' },
    billingAddress: { countryCode: 'PL' },
    regulationsAccepted: true,
  });
  await call('PUT', `/checkout/${token}/payment/0`, { method: 'bank_transfer' });
  await call('PUT', `/checkout/${token}/complete`, undefined);
  return `/order/${token}/pay`;
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function parseArgs(argv) {
  const options = {};
  const positional = [];
  for (const arg of argv) {
    const match = /^--([\w-]+)=(.*)$/.exec(arg);
    if (match) options[match[1]] = match[2];
    else if (arg === '--help' || arg === '-h') options.help = 'yes';
    else if (arg.startsWith('--')) fail(`unknown option ${arg} (options take a value: --name=value)`);
    else positional.push(arg);
  }
  return { options, positional };
}

function fail(message) {
  console.error(`lighthouse: ${message}`);
  process.exit(2);
}

function score(value, name) {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > 100) fail(`${name} must be a score from 0 to 100, not "${value}"`);
  return number;
}

const { options, positional } = parseArgs(process.argv.slice(2));
if (options.help) {
  const doc = /\/\*\*([\s\S]*?)\*\//.exec(readFileSync(new URL(import.meta.url), 'utf8'))?.[1] ?? '';
  console.log(doc.replace(/^ \* ?/gm, '').trim());
  process.exit(0);
}

const env = process.env;
const baseUrl = new URL(positional[0] ?? env.LIGHTHOUSE_BASE_URL ?? 'http://127.0.0.1:8080');
const preset = options.preset ?? env.LIGHTHOUSE_PRESET ?? 'desktop';
if (preset !== 'desktop' && preset !== 'mobile') fail(`--preset must be desktop or mobile, not "${preset}"`);
const minAll = score(options.min ?? env.LIGHTHOUSE_MIN_SCORE ?? 100, '--min');
const thresholds = Object.fromEntries(
  CATEGORIES.map((id) => {
    const envName = `LIGHTHOUSE_MIN_${id.toUpperCase().replace('-', '_')}`;
    return [id, score(options[`min-${id}`] ?? env[envName] ?? minAll, `--min-${id}`)];
  }),
);
const pagesOption = options.pages ?? env.LIGHTHOUSE_PAGES;
const pages = pagesOption
  ? pagesOption.split(',').map((page) => page.trim()).filter(Boolean).map((page) => [page, page])
  : DEFAULT_PAGES;
const withPayment = !pagesOption;
const reportDir = options['report-dir'] ?? env.LIGHTHOUSE_REPORT_DIR;
const chromePath = env.CHROME_PATH ?? '/usr/bin/chromium';

// Is the shop there at all? A clear message beats four failed audits.
try {
  const response = await fetch(new URL('/', baseUrl), { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) fail(`${baseUrl.origin}/ answered ${response.status}`);
} catch (error) {
  fail(`no shop at ${baseUrl.origin} (${error instanceof Error ? error.message : String(error)}): start it first`);
}

/**
 * Audits a page fails on purpose, by page name: an order's payment page is
 * reached by its secret address only and says `noindex`, so that no search
 * engine keeps an order's details should the address leak; Lighthouse's SEO
 * category counts that against it ("is-crawlable").
 */
const ON_PURPOSE = { 'payment page': ['is-crawlable'] };

if (withPayment) pages.push(['payment page', await placeOrder(baseUrl)]);

const config = preset === 'desktop' ? desktopConfig : undefined;
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
const results = [];
try {
  for (const [name, pagePath] of pages) {
    const url = new URL(pagePath, baseUrl).href;
    const runnerResult = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES },
      config,
    );
    if (!runnerResult) fail(`Lighthouse returned nothing for ${url}`);
    const { lhr } = runnerResult;
    if (lhr.runtimeError) fail(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const file = path.join(reportDir, `${name.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'page'}.json`);
      writeFileSync(file, runnerResult.report);
    }
    results.push({ name, url, lhr });
  }
} finally {
  await chrome.kill();
}

// The scores, one line per page.
const percent = (category) => (category?.score == null ? null : Math.round(category.score * 100));
const column = (text, width) => String(text).padEnd(width);
const nameWidth = Math.max(4, ...results.map((r) => r.name.length)) + 2;
console.log(`Lighthouse ${results[0]?.lhr.lighthouseVersion ?? ''} (${preset}) against ${baseUrl.origin}`);
console.log(column('page', nameWidth) + CATEGORIES.map((id) => column(id, 16)).join('') + 'url');
const shortfalls = [];
const failedAudits = (lhr, id) =>
  (lhr.categories[id]?.auditRefs ?? []).filter((ref) => {
    const audit = lhr.audits[ref.id];
    return audit && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative';
  });
for (const { name, url, lhr } of results) {
  const cells = CATEGORIES.map((id) => {
    const value = percent(lhr.categories[id]);
    const failed = failedAudits(lhr, id);
    const onPurpose = value !== null && failed.length > 0 && failed.every((ref) => (ON_PURPOSE[name] ?? []).includes(ref.id));
    if (!onPurpose && (value === null || value < thresholds[id])) shortfalls.push({ name, url, id, value, lhr });
    return column(value === null ? 'n/a' : onPurpose ? `${value} (${failed.map((ref) => ref.id).join(', ')} on purpose)` : value, 16);
  });
  console.log(column(name, nameWidth) + cells.join('') + url);
}

// What cost the points: the audits of each short category that did not pass.
for (const { name, id, value, lhr } of shortfalls) {
  console.error(`\nFAIL: ${name}: ${id} ${value ?? 'n/a'} < ${thresholds[id]}`);
  for (const ref of failedAudits(lhr, id)) {
    const audit = lhr.audits[ref.id];
    if (ref.weight === 0 && audit.scoreDisplayMode !== 'binary') continue;
    const shown = audit.displayValue ? ` (${audit.displayValue})` : '';
    console.error(`  - ${audit.id}: ${audit.title}${shown}, score ${Math.round(audit.score * 100)}`);
  }
}

if (shortfalls.length > 0) process.exit(1);
console.log(`All categories at or above ${[...new Set(Object.values(thresholds))].join('/')}.`);
