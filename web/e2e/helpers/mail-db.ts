import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { expect } from '@playwright/test';

/**
 * The e-mails the standalone stack delivered: without SMTP_URL the content
 * service writes each one as an `.eml` file in `${SPA_E2E_DATA_DIR}/mail`
 * (see services/content/src/delivery.rs), where a test reads the link a
 * customer would click. The database forgets a secret link once the mail
 * is sent, so the file is the only place to read it.
 */
function mailDir(): string {
  const dir = process.env.SPA_E2E_DATA_DIR;
  if (!dir) throw new Error('SPA_E2E_DATA_DIR is not set (playwright.config.ts sets it for the stack it starts)');
  return path.join(dir, 'mail');
}

/** Quoted-printable as the mailer writes it: soft line breaks and =XX bytes. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A header's value as written: its folded lines joined, its encoded words
 * (RFC 2047, `=?utf-8?b?…?=` or `=?utf-8?q?…?=`, as the mailer writes
 * anything beyond ASCII, e.g. a dash) decoded; the space between two
 * encoded words is no part of the text.
 */
function header(eml: string, name: string): string {
  const head = eml.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1] ?? '';
  return value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=/gi, (_whole, _charset: string, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
    .trim();
}

export type Mail = { subject: string; body: string };

export function mailsTo(recipient: string): Mail[] {
  const dir = mailDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml') && !name.startsWith('.'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map((file) => readFileSync(file, 'utf8'))
    .filter((eml) => new RegExp(`^To: ${recipient.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\r?$`, 'mi').test(eml))
    .map((eml) => ({
      subject: header(eml, 'Subject'),
      body: decodeQuotedPrintable(eml),
    }));
}

/**
 * The link in the `count`-th e-mail to `recipient` that links to `prefix`
 * (e.g. `/verify-account/`, an English one under `/en`), waiting for the
 * event to turn into an e-mail, as written (absolute, on the host of the
 * e-mail's language).
 */
export async function urlInMail(recipient: string, prefix: string, count = 1): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s/]+(?:/en)?${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s<"]+`);
  let links: string[] = [];
  await expect
    .poll(
      () => {
        links = mailsTo(recipient)
          .map((mail) => pattern.exec(mail.body)?.[0])
          .filter((link): link is string => link !== undefined);
        return links.length;
      },
      { timeout: 15_000, message: `an e-mail to ${recipient} with a ${prefix} link` },
    )
    .toBeGreaterThanOrEqual(count);
  return links[count - 1] ?? '';
}

/**
 * The path of that link (`/verify-account/…`, `/en/…`): what the test
 * visits on the stack under test, whose own address may differ from the
 * stack's PUBLIC_URL.
 */
export async function linkInMail(recipient: string, prefix: string, count = 1): Promise<string> {
  const url = new URL(await urlInMail(recipient, prefix, count));
  return `${url.pathname}${url.search}`;
}
