#!/usr/bin/env node
/**
 * The JavaScript budget of the first page load, checked on the built app
 * (`web/dist`, so run `vite build` first; `npm run bundle-budget` does both).
 *
 * First load = the scripts `dist/index.html` loads (its module script and
 * modulepreloads) + the page language's dictionary, which the app loads
 * before it renders. Each language must fit: at most BUNDLE_BUDGET_KB
 * (default 120) kB, 1 kB = 1000 bytes, gzipped at level 9. Pages are
 * lazy-loaded chunks: listed for information, outside the budget.
 *
 * The vote pop-up, the weather widget and the product inquiry form load
 * later (when the page is idle, when opened): none may be in the first load.
 *
 * Source maps are not served to visitors: dist must hold no `.map` file and
 * no `sourceMappingURL`, unless BUILD_SOURCEMAP asked for them.
 *
 * Exits 1 when the budget is exceeded or a rule is broken.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? 120);
const budget = budgetKb * 1000;
const LOCALES = ['pl', 'de', 'en_GB'];

const failures = [];
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`No build in ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}

// What index.html loads: <script type="module" src> and <link rel="modulepreload" href>.
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [];
for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
  const isModule = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
  const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
  const url = /\b(?:src|href)="\/?([^"]+\.js)"/.exec(tag)?.[1];
  if ((isModule || isPreload) && url) entry.push(url);
}
if (entry.length === 0) failures.push('index.html loads no module script');

const assets = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
const dictionaries = new Map();
for (const locale of LOCALES) {
  const file = assets.find((name) => new RegExp(`^${locale}-[\\w-]+\\.js$`).test(name));
  if (file) dictionaries.set(locale, `assets/${file}`);
  else failures.push(`no dictionary chunk for ${locale} (assets/${locale}-*.js): the check cannot see the first load`);
}

const entryBytes = entry.reduce((sum, file) => sum + gzipped(file), 0);
console.log(`JavaScript budget of the first page load: ${kb(budget)} gzipped`);
for (const file of entry) console.log(`  ${kb(gzipped(file)).padStart(10)}  ${file}`);
for (const [locale, file] of dictionaries) {
  const total = entryBytes + gzipped(file);
  const verdict = total <= budget ? 'ok' : 'OVER BUDGET';
  console.log(`  ${kb(total).padStart(10)}  first load in ${locale} (+ ${file})  ${verdict}`);
  if (total > budget) failures.push(`first load in ${locale} is ${kb(total)}, over ${kb(budget)}`);
}

// Parts that load later must not slip into the first load (an import from the
// shell would put them there): each is found by a string only its code has.
const LATER = [
  ['the vote pop-up (loaded when the page is idle)', 'votePopupOpened'],
  ['the weather widget (loaded when the page is idle)', 'weather.summary'],
  ['the product inquiry form (loaded when opened)', '/contact/product-questions'],
];
for (const file of entry) {
  const code = readFileSync(path.join(dist, file), 'utf8');
  for (const [part, marker] of LATER) {
    if (code.includes(marker)) failures.push(`${part} is in the first load (${file})`);
  }
}

const lazy = assets
  .map((file) => `assets/${file}`)
  .filter((file) => !entry.includes(file) && ![...dictionaries.values()].includes(file))
  .map((file) => ({ file, bytes: gzipped(file) }))
  .sort((a, b) => b.bytes - a.bytes);
console.log('Lazy-loaded chunks (pages and what they share):');
for (const { file, bytes } of lazy) console.log(`  ${kb(bytes).padStart(10)}  ${file}`);

if (!process.env.BUILD_SOURCEMAP) {
  const all = readdirSync(dist, { recursive: true }).map(String);
  const maps = all.filter((file) => file.endsWith('.map'));
  if (maps.length > 0) failures.push(`source maps would be served: ${maps.join(', ')}`);
  const referenced = all.filter(
    (file) => file.endsWith('.js') && readFileSync(path.join(dist, file), 'utf8').includes('sourceMappingURL='),
  );
  if (referenced.length > 0) failures.push(`scripts reference source maps: ${referenced.join(', ')}`);
}

if (failures.length > 0) {
  for (const failure of failures) console.error(`FAIL: ${failure}`);
  process.exit(1);
}
console.log('Bundle budget: ok');
