import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { expect } from '@playwright/test';

/**
 * The e-mails the standalone stack has written for sending
 * (`outgoing_mail` in `${SPA_E2E_DATA_DIR}/content.db`, see
 * services/content/src/mail.rs): without an SMTP server they stay there,
 * where a test reads the link a customer would click.
 */
function contentDb(): string {
  const dir = process.env.SPA_E2E_DATA_DIR;
  if (!dir) throw new Error('SPA_E2E_DATA_DIR is not set (playwright.config.ts sets it for the stack it starts)');
  const file = path.join(dir, 'content.db');
  if (!existsSync(file)) {
    throw new Error(`${file} does not exist: SPA_E2E_DATA_DIR must be the DATA_DIR of the stack under test`);
  }
  return file;
}

const MAILS_TO = `
import json, sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=30)
rows = db.execute(
    "SELECT subject, body FROM outgoing_mail WHERE recipient = ? ORDER BY created_at", (sys.argv[2],)
).fetchall()
print(json.dumps([{"subject": s, "body": b} for s, b in rows]))
`;

export type Mail = { subject: string; body: string };

export function mailsTo(recipient: string): Mail[] {
  const output = execFileSync('python3', ['-c', MAILS_TO, contentDb(), recipient], { encoding: 'utf8' });
  return JSON.parse(output) as Mail[];
}

/**
 * The path of the link in the `count`-th e-mail to `recipient` that links to
 * `prefix` (e.g. `/verify-account/`), waiting for the event to turn into an
 * e-mail. Links are absolute under the stack's PUBLIC_URL: the path is what
 * the test visits on the stack under test.
 */
export async function linkInMail(recipient: string, prefix: string, count = 1): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s/]+(${prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s]+)`);
  let links: string[] = [];
  await expect
    .poll(
      () => {
        links = mailsTo(recipient)
          .map((mail) => pattern.exec(mail.body)?.[1])
          .filter((link): link is string => link !== undefined);
        return links.length;
      },
      { timeout: 15_000, message: `an e-mail to ${recipient} with a ${prefix} link` },
    )
    .toBeGreaterThanOrEqual(count);
  return links[count - 1] ?? '';
}
