import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Direct changes to the rooms service's SQLite store of the standalone
 * stack (`${SPA_E2E_DATA_DIR}/rooms.db`, see playwright.config.ts), for
 * states the demo data never reaches on its own.
 *
 * The gateway caches search answers until availability changes through the
 * service, which a direct write does not signal: use dates that no search
 * has asked about yet.
 */
function roomsDb(): string {
  const dir = process.env.SPA_E2E_DATA_DIR;
  if (!dir) throw new Error('SPA_E2E_DATA_DIR is not set (playwright.config.ts sets it for the stack it starts)');
  const file = path.join(dir, 'rooms.db');
  if (!existsSync(file)) {
    throw new Error(`${file} does not exist: SPA_E2E_DATA_DIR must be the DATA_DIR of the stack under test`);
  }
  return file;
}

const CLOSE_FAMILY_NIGHTS = `
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], timeout=30)
with db:
    cur = db.execute(
        "UPDATE inventory SET closed = 1 WHERE night >= ? AND night < ? "
        "AND room_code IN (SELECT code FROM room_types WHERE max_occupancy >= 4)",
        (sys.argv[2], sys.argv[3]),
    )
print(cur.rowcount)
`;

/**
 * Closes the nights [from, to) of every room type that takes four people
 * (the family rooms), so two adults with two children fit nowhere while
 * smaller rooms stay free. Returns how many room nights it closed.
 */
export function closeFamilyRoomNights(from: string, to: string): number {
  const output = execFileSync('python3', ['-c', CLOSE_FAMILY_NIGHTS, roomsDb(), from, to], { encoding: 'utf8' });
  return Number(output.trim());
}
