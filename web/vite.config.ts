/// <reference types="vitest/config" />
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, runnerImport, type Plugin } from 'vite';

import type { pageHeads } from './src/config/page-heads';
import type { routeManifest } from './src/config/route-manifest';

// Where the gateway (or the standalone stack) listens during `npm run dev`.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

/** The gateway's default host map: German pages on de.localhost. */
const GERMAN_HOST = 'de.localhost';

/**
 * Dev-server stand-in for the gateway's page serving: <html lang> ("pl" |
 * "de" | "en-GB") from the `/en` prefix or the de.localhost host, and the
 * <meta name="locale-hosts"> the language switcher reads, built from the
 * request's host and port like the gateway does
 * (http://localhost:5173 <-> http://de.localhost:5173).
 */
function devPages(): Plugin {
  return {
    name: 'spa-dev-pages',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev');
        const isPage =
          req.method === 'GET' &&
          (req.headers.accept ?? '').includes('text/html') &&
          !/\.\w+$/.test(url.pathname) &&
          !url.pathname.startsWith('/@');
        if (!isPage) return next();
        const asked = req.headers.host ?? '';
        const host = /^[a-z0-9.-]+(:\d+)?$/i.test(asked) ? asked : 'localhost';
        const [name = 'localhost', port] = host.split(':');
        const withPort = (hostname: string) => (port ? `${hostname}:${port}` : hostname);
        const german = name.toLowerCase() === GERMAN_HOST;
        const main = german ? withPort('localhost') : host;
        const english = url.pathname === '/en' || url.pathname.startsWith('/en/');
        const lang = english ? 'en-GB' : german ? 'de' : 'pl';
        const hosts = `pl=${main},de=${withPort(GERMAN_HOST)},en_GB=${main}`;
        readFile(path.join(server.config.root, 'index.html'), 'utf8')
          .then((html) => server.transformIndexHtml(req.url ?? '/', html, req.originalUrl))
          .then((html) => {
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(
              html
                .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
                .replace('</head>', `<meta name="locale-hosts" content="${hosts}"></head>`),
            );
          })
          .catch(next);
      });
    },
  };
}

const srcDir = fileURLToPath(new URL('./src', import.meta.url));

/**
 * Writes dist/routes.json, the page paths the gateway answers with 200, from
 * the app's route table (src/config/route-manifest.ts, run as the app's own
 * code would be), and dist/heads.json, the listings' titles and descriptions
 * the gateway writes into the pages it serves (src/config/page-heads.ts).
 */
function routesManifest(): Plugin {
  return {
    name: 'spa-routes-manifest',
    apply: 'build',
    async generateBundle() {
      const { module } = await runnerImport<{ routeManifest: typeof routeManifest }>(
        path.join(srcDir, 'config/route-manifest.ts'),
        { resolve: { alias: { '@': srcDir } }, logLevel: 'silent' },
      );
      this.emitFile({
        type: 'asset',
        fileName: 'routes.json',
        source: `${JSON.stringify(module.routeManifest(), null, 2)}\n`,
      });
      const heads = await runnerImport<{ pageHeads: typeof pageHeads }>(path.join(srcDir, 'config/page-heads.ts'), {
        resolve: { alias: { '@': srcDir } },
        logLevel: 'silent',
      });
      this.emitFile({
        type: 'asset',
        fileName: 'heads.json',
        source: `${JSON.stringify(heads.module.pageHeads(), null, 2)}\n`,
      });
    },
  };
}

function sourcemap(setting: string | undefined): boolean | 'hidden' {
  if (setting === 'hidden') return 'hidden';
  return setting === 'true' || setting === '1';
}

export default defineConfig({
  plugins: [react(), devPages(), routesManifest()],
  resolve: {
    alias: { '@': srcDir },
  },
  server: {
    proxy: {
      '/shop-api': apiTarget,
      '/media': apiTarget,
      '/healthz': apiTarget,
      // Login through a provider: full-page visits to the gateway.
      '/auth/': apiTarget,
      // Server-rendered fragments, e.g. the room popup (/pl/_partial/rooms/{code}).
      '^/(pl|de|en)/_partial/': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    // Visitors get no source maps. BUILD_SOURCEMAP=hidden writes them without a
    // reference in the code (for an error tracker: upload, then keep them out of
    // what is served); BUILD_SOURCEMAP=true writes them referenced.
    sourcemap: sourcemap(process.env.BUILD_SOURCEMAP),
    rollupOptions: {
      output: {
        // The dictionary parts of a language share a file name (pl.json): the
        // shop's, the account's, the checkout's, the site's, the content pages', the
        // content editor's and the staff's parts are named apart, so the first load's
        // dictionary (assets/pl-*.js) is the one the budget check finds.
        // Everything the first page load needs (statically imported from the
        // entry) in one chunk: left to automatic splitting, the modules that
        // the entry shares with various lazy pages were cut into several
        // small chunks, each compressed on its own, and every new page that
        // imports a shared module could cut them differently.
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
        chunkFileNames: (chunk) => {
          const part = /\/locales\/(shop|account|checkout|site|content|editor|staff)\//.exec(chunk.facadeModuleId ?? '')?.[1];
          return part ? `assets/${part}.[name]-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
