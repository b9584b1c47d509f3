/**
 * Runs for every on-demand route (API endpoints and server-rendered pages); pre-rendered pages are served by the
 * HTTP front and never reach it. One place to guard and extend endpoints: here the admin is locked.
 */
import path from 'node:path';
import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { adminPaths, authMessages, publicAdminPaths } from './config/admin';
import { embeddedFrameOrigins } from './config/business';
import { errorPages } from './config/pages';
import { safeNext } from './lib/safe-next';
import type { AdminSession } from './server/features/auth/admin-auth';
import { inlineScriptHashes } from './build/inline-scripts.mjs';
import { json, methodNotAllowed, notFound } from './server/api/answers';
import { callerOf } from './server/api/caller';
import { contentSecurityPolicy, knownScriptHashes } from './server/platform/http/csp.mjs';
import { moveIslandStyleToHead } from './build/page-html.mjs';
import { finishOnDemandPage } from './build/on-demand-page.mjs';
import { fromAnotherSite } from './server/platform/http/same-site';
import { errorField, log, requestContext } from './server/platform/log.mjs';
import { builtClientDir, getRuntime } from './server/runtime';
import { blogPageToken, postReadFallbacks } from './server/features/posts/public';
import { answerKeptPage, type KeptPage } from './server/platform/http/kept-page';
import { linkState } from './server/features/report/store';
import { sharedReportHeaders } from './config/report-path.mjs';

/** Images are built ahead of time; the on-demand image endpoint would let anyone spend seconds of CPU per request. */
const disabledPaths = /^\/_image(\/|$)/;
const adminPage = /^\/admin(\/|$)/;
const adminApi = /^\/api\/admin(\/|\.|$)/;
const authApi = /^\/api\/auth(\/|$)/;
/** The public pages rendered on demand because admin posts change them: the blog and its posts. */
const onDemandBlog = /^\/blog(\/|$)/;
/** Finished blog pages by path, with the token of what they show (blogPageToken). */
const blogPages = new Map<string, KeptPage & { token: string }>();
const keptBlogPages = 200;
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A client's report link: its page and its PDF (docs/reports.md). */
const reportRoutes = new Set(['/reports/[token]', '/reports/[token]/pdf']);
/**
 * The page a refused report link gets (never a link: 404; expired or withdrawn: 410), kept from its first render: it
 * names no token, so every refused link is answered from memory after one look-up of the token's hash, without a
 * render (a flood of made-up links rendered the whole layout for each, and every other visitor waited).
 */
const refusedReportPages = new Map<'unknown' | 'gone', KeptPage>();
/** The inline scripts the site emits, as the build recorded them (read once; null under astro dev, with no build). */
let knownScripts: Set<string> | null | undefined;

export const onRequest = defineMiddleware((context, next) => {
  if (context.isPrerendered) return next();
  // Everything logged while this request is handled carries the id the HTTP front gave it; an error that escapes a
  // route is logged with its stack, then Astro answers 500.
  return requestContext.run({ requestId: context.request.headers.get('x-request-id') ?? undefined }, async () => {
    try {
      return await handle(context, next);
    } catch (error) {
      log.error(errorField(error), 'request failed');
      throw error;
    }
  });
});

const handle = async (context: APIContext, next: MiddlewareNext): Promise<Response> => {
  // Routes and the endpoint kit reach the composition root through here; features are handed what they need.
  context.locals.runtime = getRuntime;
  const { pathname } = context.url;
  // A 404 with no body makes Astro answer with the site's 404 page.
  if (disabledPaths.test(pathname)) return new Response(null, { status: 404 });

  const isAdminPage = adminPage.test(pathname);
  const isAdminApi = adminApi.test(pathname);
  const isAuthApi = authApi.test(pathname);
  const isAdmin = isAdminPage || isAdminApi || isAuthApi;
  let refreshedCookies: string[] = [];

  if (isAdmin) {
    if (!safeMethods.has(context.request.method) && fromAnotherSite(context.request, context.url)) {
      return withAdminHeaders(json(403, { ok: false, error: 'Requests from other sites are refused.' }), []);
    }
    let found: { session: AdminSession; cookies: string[] } | null;
    try {
      const runtime = await getRuntime();
      found = await runtime.adminAuth.currentSession(callerOf(context));
    } catch (error) {
      log.error(errorField(error), '[admin] session check failed');
      return withAdminHeaders(
        isAdminPage
          ? new Response(authMessages.unavailable, { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '60' } })
          : json(503, { ok: false, error: authMessages.unavailable }, { headers: { 'Retry-After': '60' } }),
        [],
      );
    }
    context.locals.admin = found?.session ?? null;
    refreshedCookies = found?.cookies ?? [];
    const open = isAuthApi || publicAdminPaths.includes(pathname);
    if (!found && !open) {
      // Every admin answer, refusals included, is kept out of search indexes and caches.
      if (isAdminApi) return withAdminHeaders(json(401, { ok: false, error: authMessages.sessionEnded }), []);
      const nextPath = `${pathname}${context.url.search}`;
      return withAdminHeaders(context.redirect(`${adminPaths.signIn}?next=${encodeURIComponent(nextPath)}`, 303), []);
    }
    if (found && pathname === adminPaths.signIn) {
      return withAdminHeaders(context.redirect(safeNext(context.url.searchParams.get('next'), adminPaths.home), 303), refreshedCookies);
    }
  }

  // The blog's pages (rendered on demand because admin posts change them) are kept while what they show is unchanged,
  // and answered as a built page is (kept-page.ts: compressed once, with length and ETag). While the database does not
  // answer, the page this process last rendered is served as it was (the route would otherwise answer 503 for an admin
  // post, or leave it out of /blog).
  const cacheable = onDemandBlog.test(pathname) && (context.request.method === 'GET' || context.request.method === 'HEAD');
  let token: string | null = null;
  let databaseDown = false;
  if (cacheable) {
    try {
      token = await blogPageToken((await getRuntime()).db, pathname);
    } catch {
      databaseDown = true;
    }
  }
  const kept = cacheable ? blogPages.get(pathname) : undefined;
  if (kept && (databaseDown || (token && kept.token === token))) return answerKeptPage(kept, context.request);
  // What it showed has changed (or is gone): not to be served again, even while the database is down.
  if (kept) blogPages.delete(pathname);
  const fallbacksBefore = postReadFallbacks();

  let refusedLink: 'unknown' | 'gone' | null = null;
  if (reportRoutes.has(context.routePattern) && (context.request.method === 'GET' || context.request.method === 'HEAD')) {
    try {
      const { state } = await linkState((await getRuntime()).db, context.params.token ?? '');
      if (state !== 'open') refusedLink = state;
    } catch {
      // The database does not answer: the route says so.
    }
    const refused = refusedLink && refusedReportPages.get(refusedLink);
    if (refused) return refusedLinkAnswer(refused, context.request);
  }

  let response = await next();
  // Astro answers a method an API route does not export with an empty 404, which becomes the HTML 404 page.
  if (apiPath.test(pathname) && response.status === 404 && response.body === null) response = await unmatchedApiAnswer(context.routePattern);
  const type = response.headers.get('content-type') ?? '';
  if (type.startsWith('text/html') && response.body) {
    // Server-rendered HTML: valid (island style in the head), allowing exactly the inline scripts this page carries.
    // A public page (the blog, an admin post) is finished as the build finishes its pages, so it is as fast.
    const rendered = await response.text();
    const html = onDemandBlog.test(pathname) ? finishOnDemandPage(rendered, (await getRuntime()).clientDir) : moveIslandStyleToHead(rendered);
    const headers = new Headers(response.headers);
    // Only the inline scripts the site emits are allowed: one that a post or a visitor's text put in the page never is.
    if (knownScripts === undefined) knownScripts = knownScriptHashes(path.join(builtClientDir(), '..', 'server'));
    headers.set(
      'Content-Security-Policy',
      contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html, knownScripts ?? undefined), frameSrc: embeddedFrameOrigins }),
    );
    response = new Response(html, { status: response.status, statusText: response.statusText, headers });
    // Not kept when the page was made from the posts last read (the database failed during the render): kept, it
    // would be served as current until the next change.
    if (token && (response.status === 200 || response.status === 410) && postReadFallbacks() === fallbacksBefore) {
      if (blogPages.size >= keptBlogPages && !blogPages.has(pathname)) blogPages.delete(blogPages.keys().next().value!);
      const page = { token, status: response.status, html, headers: [...headers] };
      blogPages.set(pathname, page);
      return answerKeptPage(page, context.request);
    }
    if (refusedLink && response.status === errorPages[refusedLink === 'unknown' ? 'notFound' : 'reportGone'].status) {
      const page = { status: response.status, html, headers: [...headers] };
      refusedReportPages.set(refusedLink, page);
      return refusedLinkAnswer(page, context.request);
    }
  }
  return isAdmin ? withAdminHeaders(response, refreshedCookies) : response;
};

/** A refused report link's kept page, with the link's own headers (a kept page that is not a 200 is `no-store`). */
async function refusedLinkAnswer(page: KeptPage, request: Request): Promise<Response> {
  const response = await answerKeptPage(page, request);
  for (const [name, value] of Object.entries(sharedReportHeaders)) response.headers.set(name, value);
  return response;
}

/** Every API route's module, loaded only to name its methods when a request uses another one. */
const apiRoutes = import.meta.glob<Record<string, unknown>>('./pages/api/**/*.ts');
const apiPath = /^\/api\//;
const methodNames = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** An API address asked with a method it does not answer: 405 naming those it does, in the API's JSON. */
async function unmatchedApiAnswer(routePattern: string): Promise<Response> {
  const load = apiRoutes[`./pages${routePattern}.ts`] ?? apiRoutes[`./pages${routePattern}/index.ts`];
  const routeModule = load ? await load() : null;
  const allowed = routeModule ? methodNames.filter((method) => typeof routeModule[method] === 'function') : [];
  if (allowed.length === 0) return notFound('Nothing answers at this address.');
  return methodNotAllowed(allowed.join(', '), `This address answers ${allowed.join(' and ')} only.`);
}

/** Admin answers are private: never indexed, never cached, and carry the session cookie's renewed expiry. */
function withAdminHeaders(response: Response, cookies: string[]): Response {
  const headers = new Headers(response.headers);
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  headers.set('Cache-Control', 'no-store');
  // An endpoint that set the session cookie itself (sign-in, sign-out) has the last word.
  const own = headers.getSetCookie();
  if (own.length === 0) for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
