/**
 * Runs for every on-demand route (API endpoints and server-rendered pages); pre-rendered pages are served by the
 * HTTP front and never reach it. One place to guard and extend endpoints.
 */
import { defineMiddleware } from 'astro:middleware';
import { embeddedFrameOrigins } from './config/business';
import { contentSecurityPolicy, inlineScriptHashes } from './server/http/csp.mjs';

/** Images are built ahead of time; the on-demand image endpoint would let anyone spend seconds of CPU per request. */
const disabledPaths = /^\/_image(\/|$)/;

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  // A 404 with no body makes Astro answer with the site's 404 page.
  if (disabledPaths.test(context.url.pathname)) return new Response(null, { status: 404 });

  const response = await next();
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/html') || !response.body) return response;
  // Server-rendered HTML: allow exactly the inline scripts this page carries.
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html), frameSrc: embeddedFrameOrigins }));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
