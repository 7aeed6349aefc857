import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SERVER_ROOT } from '../paths.js';

export const WEB_DIST = join(SERVER_ROOT, '..', 'web', 'dist');

/**
 * Serves the built web app: hashed files under /assets are cached for a year, everything else
 * revalidates; any non-API GET of a route (a path not naming a file) that matches no file gets
 * index.html (the SPA routes it); a missing file is 404.
 */
export async function registerStaticSpa(app: FastifyInstance, distDir = WEB_DIST): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  const hasBuild = existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // Our own cache-control below; send's default (max-age=0) would overwrite it.
      cacheControl: false,
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts): sent as such.
      preCompressed: true,
      setHeaders(res, path) {
        if (path.includes(join(distDir, 'assets'))) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  const indexHtml = hasBuild ? readFileSync(indexFile) : null;

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) {
      return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
    }
    // A path naming a file (robots.txt, /x.js, /icon.png) that is not in the build is a 404, not
    // the app page: browsers, crawlers and caches must not take HTML for a missing asset.
    const namesFile = /\/[^/]+\.[A-Za-z0-9]+$/.test(path);
    if ((request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/assets/') && !namesFile) {
      if (!indexHtml) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({ message: 'Not found', code: 'NOT_FOUND' });
  });
}
