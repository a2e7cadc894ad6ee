import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { defineConfig, devices } from '@playwright/test';

import { votePopupClosedCookies } from './e2e/helpers/vote-popup';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webDir, '..');

const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080';
const standaloneBin =
  process.env.SPA_STANDALONE_BIN ?? path.resolve(repoRoot, 'target/debug/spa-standalone');

// One fresh data directory per run. The config is loaded again in each worker;
// the variable set here is inherited, so they all agree on the same directory.
const dataDir = (process.env.SPA_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'spa-e2e-')));

// Online payments go to a local fake of Przelewy24 (e2e/fakes/przelewy24.js)
// on a port of its own, given the same merchant settings as the stack. The
// specs find it through E2E_P24_URL, inherited by the workers; with
// E2E_EXTERNAL_SERVER it is whatever the external stack was given, if any.
/** The maps' tiles come from a local stand-in (e2e/fakes/tiles.js): nothing is fetched from outside. */
const tilesAddr = '127.0.0.1:18091';
if (!process.env.E2E_EXTERNAL_SERVER) process.env.E2E_TILES_URL = `http://${tilesAddr}`;

const p24Addr = '127.0.0.1:18090';
const p24Url = `http://${p24Addr}`;
if (!process.env.E2E_EXTERNAL_SERVER) process.env.E2E_P24_URL = p24Url;
const p24Settings = {
  P24_MERCHANT_ID: '123456',
  P24_POS_ID: '123456',
  P24_API_KEY: 'e2e-fake-api-key',
  P24_CRC: 'e2e-fake-crc-key',
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A flaky test is a failing test: never retried into green.
  retries: 0,
  // Two cores: the stack under test needs one.
  workers: 1,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    headless: true,
    trace: 'retain-on-failure',
    // Every visitor has closed the vote pop-up already, but in e2e/vote.spec.ts.
    storageState: { cookies: votePopupClosedCookies(baseURL), origins: [] },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium: Playwright never downloads a browser here.
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  // The fake Przelewy24, then the standalone stack (all services + gateway
  // serving web/dist), started from the repo root. Build the SPA first (`npm
  // run build`). E2E_EXTERNAL_SERVER=1 skips both, to test a stack that
  // already runs at E2E_BASE_URL.
  webServer: process.env.E2E_EXTERNAL_SERVER
    ? undefined
    : [
        {
          command: 'node e2e/fakes/przelewy24.js',
          cwd: webDir,
          url: `${p24Url}/health`,
          env: { P24_FAKE_ADDR: p24Addr, ...p24Settings },
          reuseExistingServer: !process.env.CI,
          timeout: 10_000,
          stdout: 'ignore',
          stderr: 'pipe',
        },
        {
          command: 'node e2e/fakes/tiles.js',
          cwd: webDir,
          url: `http://${tilesAddr}/health`,
          env: { TILES_FAKE_ADDR: tilesAddr },
          reuseExistingServer: !process.env.CI,
          timeout: 10_000,
          stdout: 'ignore',
          stderr: 'pipe',
        },
        {
          command: JSON.stringify(standaloneBin),
          cwd: repoRoot,
          url: 'http://127.0.0.1:18080/readyz',
          env: {
            HTTP_ADDR: '127.0.0.1:18080',
            // Metrics and probes on a port of their own; any free one.
            OPS_ADDR: '127.0.0.1:0',
            DATA_DIR: dataDir,
            WEB_DIST: 'web/dist',
            // The provider's returns and notifications come here; `localhost`,
            // the host the German host (de.localhost) leads back to.
            PUBLIC_URL: 'http://localhost:18080',
            P24_URL: p24Url,
            ...p24Settings,
            MAP_TILES_URL: `http://${tilesAddr}/{z}/{x}/{y}.png`,
            MAP_ATTRIBUTION: '© OpenStreetMap contributors (test tiles)',
            // The account bank transfers go to: without one, none is offered.
            BANK_ACCOUNT_HOLDER: 'Pensjonat Spa & Wellness, ul. Jeziorna 12, 69-220 Ośno Lubuskie',
            BANK_ACCOUNT_IBAN: 'PL61109010140000071219812874',
            BANK_NAME: 'Santander Bank Polska',
            BANK_BIC: 'WBKPPLPP',
            // Every visitor of every spec comes from this one address, so the
            // per-client limit on changes (60 a minute) would be the whole
            // suite's; the limits themselves are tested in the Rust suite.
            RATE_LIMIT_WRITES_PER_MIN: '600',
            RATE_LIMIT_WRITES_BURST: '300',
            // Likewise the caps on unpaid orders' room-nights, per client and
            // per e-mail (the specs' guests share a few addresses).
            MAX_UNPAID_NIGHTS_PER_CLIENT: '100000',
            MAX_UNPAID_NIGHTS_PER_EMAIL: '100000',
            // The staff's desk (e2e/staff.spec.ts) needs an administrator.
            ADMIN_EMAIL: 'recepcja@example.pl',
            ADMIN_PASSWORD: 'hasło recepcji e2e 2026',
            // The booking portals' spec (e2e/channels.spec.ts) serves a calendar on this machine.
            CHANNEL_IMPORT_ALLOW_PRIVATE: 'true',
            RUST_LOG: process.env.RUST_LOG ?? 'warn',
          },
          reuseExistingServer: !process.env.CI,
          timeout: 120_000,
          stdout: 'pipe',
          stderr: 'pipe',
        },
      ],
});
