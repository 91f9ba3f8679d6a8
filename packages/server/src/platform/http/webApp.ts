/** Serves the built single-page app at / with history fallback, branded per host. */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { brandForHost } from '@ferrite/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { apiNotFound } from './errorHandler';

const DEFAULT_DIST = resolve(fileURLToPath(import.meta.url), '../../../../../web/dist');

/** The index page with the host's brand stamped in, so the first paint already carries it. */
function brandedIndex(template: string, host: string, primaryHost: string): string {
  const brand = brandForHost(host, primaryHost);
  const escapedTitle = brand.title.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return template
    .replace('<html lang="en">', `<html lang="en" data-brand="${brand.id}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapedTitle}</title>`)
    .replace(/href="\/favicon\.svg"/, `href="${brand.avatar.replace('avatar.svg', 'favicon.svg')}"`);
}

/** A year, the longest lifetime caches honour. */
const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Files under /assets carry a content hash in their names (Vite), so a browser may keep them for a
 * year without asking again; other files (brand artwork, wallpapers) keep their names across
 * releases and are revalidated after an hour.
 */
export function cacheControlFor(dist: string, path: string): string {
  const assets = join(dist, 'assets') + sep;
  return path.startsWith(assets) ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'public, max-age=3600';
}

/** Registers static files and the fallback: API paths answer JSON 404, every other GET the app. */
export async function installWebApp(app: FastifyInstance, config: Config): Promise<void> {
  const dist = resolve(config.webDistDir ?? DEFAULT_DIST);
  const indexPath = join(dist, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (template) {
    await app.register(fastifyStatic, {
      root: dist,
      index: false,
      wildcard: true,
      // The web build writes .br and .gz twins (packages/web/build/precompress.ts); the plugin sends
      // the one the browser's Accept-Encoding takes, with Vary: Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => reply.header('cache-control', cacheControlFor(dist, path)),
    });
  } else {
    app.log.warn({ dist }, 'web app not built; run `npm run build` to serve it');
  }

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!template) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build`, then reload.');
    }
    return reply
      .type('text/html')
      .header('cache-control', 'no-cache')
      .send(brandedIndex(template, request.host, config.brandPrimaryHost));
  };

  // The static plugin refuses the bare directory, so the root gets the app explicitly.
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return apiNotFound(request, reply);
    }
    return sendIndex(request, reply);
  });
}
