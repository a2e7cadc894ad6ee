/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// Where the gateway (or the standalone stack) listens during `npm run dev`.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

/**
 * Dev-server stand-in for the gateway's locale resolution: in production the
 * gateway writes <html lang> ("pl" | "de" | "en-GB"), here we derive it from the
 * `/en` prefix (and `?lang=de` to try German, whose paths need a host map).
 */
function devHtmlLang(): Plugin {
  return {
    name: 'spa-dev-html-lang',
    apply: 'serve',
    transformIndexHtml(html, ctx) {
      const url = new URL(ctx.originalUrl ?? ctx.path, 'http://localhost');
      const lang =
        url.searchParams.get('lang') ??
        (url.pathname === '/en' || url.pathname.startsWith('/en/') ? 'en-GB' : 'pl');
      return html.replace(/<html lang="[^"]*"/, `<html lang="${lang}"`);
    },
  };
}

function sourcemap(setting: string | undefined): boolean | 'hidden' {
  if (setting === 'hidden') return 'hidden';
  return setting === 'true' || setting === '1';
}

export default defineConfig({
  plugins: [react(), devHtmlLang()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/shop-api': apiTarget,
      '/media': apiTarget,
      '/healthz': apiTarget,
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
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
