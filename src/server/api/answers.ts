/**
 * The one response vocabulary of every API route: JSON that never lands in a cache, named by what it says. Routes
 * answer with these (lint refuses `new Response(` under src/pages/api outside the listed exceptions); features throw
 * `HttpError` or return an `Outcome` when the answer carries cookies.
 */
import { HttpError } from './http-error';

export interface AnswerInit {
  headers?: Record<string, string>;
  cookies?: string[];
}

/** An answer a feature works out in full (status, body, cookies), as sign-in does; `answer()` sends it. */
export interface Outcome<Body extends object = Record<string, unknown>> {
  status: number;
  body: Body;
  cookies?: string[];
  headers?: Record<string, string>;
}

const noStore = { 'Cache-Control': 'no-store' };

function withCookies(response: Response, cookies: string[] = []): Response {
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  return response;
}

/** JSON with a status: the vocabulary below is made of it. */
export function json(status: number, body: unknown, init: AnswerInit = {}): Response {
  const response = new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...noStore, ...init.headers },
  });
  return withCookies(response, init.cookies);
}

export const ok = <T extends object>(body: T, init?: AnswerInit) => json(200, body, init);
export const created = <T extends object>(body: T, init?: AnswerInit) => json(201, body, init);
/** Work started in the background; the body says where to follow it. */
export const accepted = <T extends object>(body: T, init?: AnswerInit) => json(202, body, init);

const failure = (error: HttpError) => json(error.status, error.body(), { headers: error.headers() });
export const errorAnswer = failure;

export const badRequest = (error: string) => failure(new HttpError(400, error));
export const unauthorized = (error: string) => failure(new HttpError(401, error));
export const forbidden = (error: string) => failure(new HttpError(403, error));
export const notFound = (error: string) => failure(new HttpError(404, error));
export const conflict = (error: string) => failure(new HttpError(409, error));
export const gone = (error: string) => failure(new HttpError(410, error));
export const tooMany = (retryAfterSeconds: number, error: string, extra?: Record<string, unknown>) =>
  failure(new HttpError(429, error, { retryAfterSeconds, extra }));
export const unavailable = (error: string, retryAfterSeconds = 60) => failure(new HttpError(503, error, { retryAfterSeconds }));
export const methodNotAllowed = (allow: string, error: string) => json(405, { ok: false, error }, { headers: { Allow: allow } });

/** An answer a feature worked out in full. */
export const answer = (outcome: Outcome<object>) => json(outcome.status, outcome.body, { headers: outcome.headers, cookies: outcome.cookies });

/** See Other: where a form post from a browser goes next. */
export function seeOther(location: string, cookies?: string[]): Response {
  return withCookies(new Response(null, { status: 303, headers: { Location: location, ...noStore } }), cookies);
}

/** A file to save (CSV, a JSON report), never cached. */
export function download(body: string, contentType: string, filename: string): Response {
  return new Response(body, {
    headers: { 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${filename}"`, ...noStore },
  });
}

/** A file served as a page of the site (a sitemap, a feed, an image, a PDF); `headers` say how it may be cached. */
export function file(body: string | Uint8Array, contentType: string, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : new Uint8Array(body), { headers: { 'Content-Type': contentType, ...headers } });
}

/** Not here: an empty 404, which Astro answers with the site's 404 page. */
export const pageNotFound = () => new Response(null, { status: 404 });

/**
 * A body sent as it is produced (JSON lines, server-sent events): no-transform, so the front's compression passes each
 * part on at once rather than holding it until the end.
 */
export function streamed(body: ReadableStream<Uint8Array>, contentType: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no', ...headers } });
}

/** No body (a beacon taken, a 404 the site's page fills in). */
export const empty = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

/** A beacon's answer (analytics events): plain text or nothing, as both doors send it (`EventAnswer`). */
export const beaconAnswer = (answer: { status: number; headers: Record<string, string>; text?: string }) =>
  new Response(answer.text ?? null, { status: answer.status, headers: answer.headers });
