import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the server answers itself; an unknown one there is a plain 404, never the application. */
// /auth/sei alone is a page of the application (document 000 section 2); the rest of /auth is the token service.
const SERVER_PATHS = /^\/(api|auth(?!\/sei\/?$)|openapi\.json|docs|metrics|health|sandbox|device-api)(\/|$)/;
/** A missing file (a stale asset name) is a 404: answering HTML for a script only hides the error. */
const FILE_NAME = /\.[A-Za-z0-9]+$/;

/** Whether a request is for a page of the application, which the fallback answers with index.html. */
function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0]!;
  return !SERVER_PATHS.test(pathname) && (pathname === '/index.html' || !FILE_NAME.test(pathname));
}

/** Options of the application shell. */
export interface AppShellOptions {
  distDir: string;
  brand: string;
  /** Written into index.html's `<meta name="environment">`: 'sandbox' makes the app show its banner. */
  environment: 'sandbox' | 'production';
}

/**
 * Serves the built browser application from `distDir`, and index.html for every other GET so
 * client-side routes load on refresh (SPA fallback). index.html is answered with `%BRAND%`
 * replaced by the configured brand, which the application reads from `<meta name="brand">`.
 * When the application is not built, those requests get a 404 that says how to build it.
 *
 * Called on the root instance (not registered as an encapsulated plugin) because the not-found
 * handler must cover every path.
 *
 * @example
 * await serveAppShell(app, { distDir: config.distDir, brand: config.brand });
 */
export async function serveAppShell(app: FastifyInstance, options: AppShellOptions): Promise<void> {
  const indexFile = path.join(options.distDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      // index.html (also as a folder's index) always goes through the fallback, which fills in the brand.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('/'),
      // The build names assets by content hash, so a browser may keep them for good; other files are revalidated.
      cacheControl: false,
      setHeaders: (response, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const renderIndex = async (reply: FastifyReply) => {
    const html = await readFile(indexFile, 'utf8');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(html.replaceAll('%BRAND%', options.brand).replaceAll('%ENVIRONMENT%', options.environment));
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const page = wantsPage(request);
    if (page && built) return renderIndex(reply);
    if (page) {
      return reply.code(404).send({ message: `The application is not built: run \`npm run build\` (or set DIST_DIR to the folder that holds index.html).` });
    }
    return reply.code(404).send({ message: `Nothing answers ${request.method} ${request.url.split('?')[0]}: check the path and the method.` });
  });
}
