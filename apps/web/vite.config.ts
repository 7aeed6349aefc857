import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { API_CACHE } from './src/lib/offline-cache';

/**
 * Installable and usable offline (docs/pwa.md): a web app manifest, and a Workbox service worker
 * that precaches the app's files and keeps the last answer of each API read (network first, the
 * saved answer when the network is gone), so after a signed-in visit the app opens offline with
 * the last-loaded dashboard and transactions.
 */
function pwa() {
  return VitePWA({
    registerType: 'autoUpdate',
    // Registered by the signed-in app (features/shell), not by index.html: the worker precaches
    // the whole app, which the landing and public pages must not download.
    injectRegister: false,
    includeAssets: ['favicon.svg', 'robots.txt', 'icons/apple-touch-icon.png', 'icons/favicon-32.png'],
    manifest: {
      id: '/',
      name: 'Ledgerly — income and expense tracker',
      short_name: 'Ledgerly',
      description: 'Track income and expenses, set budgets, automate recurring entries and get insights.',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#4f46e5',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
      navigateFallback: '/index.html',
      // The API, metrics and any path naming a file are never answered with the app page.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/metrics$/, /\/[^/]+\.[a-z0-9]+$/i],
      cleanupOutdatedCaches: true,
      // A new version takes over at once, and the first visit is already under the worker.
      skipWaiting: true,
      clientsClaim: true,
      runtimeCaching: [
        {
          // Reads of the user's data: the network when there is one, else the last answer.
          // Downloads (exports, PDF, CSV), receipts and the API docs are not kept.
          urlPattern: ({ url, request }) =>
            request.method === 'GET' &&
            url.pathname.startsWith('/api/') &&
            !/^\/api\/(docs|openapi|export|account\/export|transactions\/export|receipts|imports)/.test(url.pathname) &&
            !/\/receipt/.test(url.pathname),
          handler: 'NetworkFirst',
          options: {
            cacheName: API_CACHE,
            networkTimeoutSeconds: 10,
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

/**
 * Writes a .br and a .gz beside every text asset over 1 KB once the build is done, so the server
 * sends them as they are (@fastify/static's preCompressed) instead of compressing per request.
 * Node's own zlib does it; a plugin package would add nothing but a dependency.
 */
function precompress(): Plugin {
  return {
    name: 'ledgerly-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
        );
      for (const file of walk('dist')) {
        if (!/\.(js|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** What a page downloads first: its chunks and, through static imports, theirs (gzip). */
const ROUTES: { name: string; chunks: string[] }[] = [
  { name: 'landing (/)', chunks: [] },
  { name: 'sign in (/login)', chunks: ['features/auth/components/login-page.tsx'] },
  { name: 'create account (/register)', chunks: ['features/auth/components/register-page.tsx'] },
  {
    name: 'signed-in dashboard, charts included',
    chunks: [
      'features/shell/components/dashboard-layout.tsx',
      'features/dashboard/components/expense-pie-chart.tsx',
      'features/dashboard/components/trend-line-chart.tsx',
    ],
  },
];

/**
 * Prints the JavaScript each route ships, gzip-compressed: the entry with everything it imports
 * statically, plus the lazy chunks the route loads (docs/performance.md, "Bundles").
 */
function routeSizes(): Plugin {
  return {
    name: 'ledgerly-route-sizes',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const dep of byName.get(fileName)?.imports ?? []) closure(dep, into);
      };
      const gzip = (fileName: string) => gzipSync(byName.get(fileName)?.code ?? '', { level: 9 }).length;
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const lines = ROUTES.map((route) => {
        const files = new Set<string>();
        closure(entry.fileName, files);
        for (const module of route.chunks) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/src/${module}`));
          if (!chunk) throw new Error(`route-sizes: no chunk for ${module}`);
          closure(chunk.fileName, files);
        }
        const bytes = [...files].reduce((sum, f) => sum + gzip(f), 0);
        return `  ${route.name.padEnd(40)} ${(bytes / 1024).toFixed(1).padStart(6)} KB gzip in ${files.size} files`;
      });
      console.log(`\nJavaScript per route:\n${lines.join('\n')}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa(), precompress(), routeSizes()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // The Twemoji drawings stay separate, year-cached files rather than base64 inside the
    // bundle: each screen loads only the few it shows.
    assetsInlineLimit: (file: string) => (file.includes('@twemoji') ? false : undefined),
  },
});
