/**
 * The one way to write an API route (in the manner of Umami's `parseRequest`): the input read and checked through one
 * function (a zod schema for the query and one for the body, JSON or form, size-capped), the runtime and the settings
 * reached one way, and one vocabulary for the answer (`answers.ts`). A feature that refuses throws `HttpError`;
 * anything else thrown is logged and answered 503 with Retry-After, never a 500 or a hang.
 *
 *   export const GET = route({ query: periodQuery }, async ({ query, runtime }) =>
 *     ok({ ok: true, view: await analyticsView(runtime.db, query) } satisfies AnalyticsViewAnswer));
 */
import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { type Settings, settings } from '~/config/settings.mjs';
import { fieldErrors } from '~/lib/admin-forms';
import { errorField, log } from '../platform/log.mjs';
import { answer, errorAnswer, type Outcome, unavailable } from './answers';
import { type Caller, callerOf } from './caller';
import { HttpError } from './http-error';
import { BodyError, ForbiddenKeys, fromWebRequest, maxBodyBytes, readFields, readJsonObject } from './request-body';

/** What every API answers when the server itself failed (the database did not answer). */
export const serverFailureText = 'The server could not complete that just now. Please try again in a minute.';

type Schema = z.ZodType;
/** As the middleware sets them in `locals` (src/env.d.ts); named so, the kit imports neither the root nor a feature. */
type Runtime = Awaited<ReturnType<App.Locals['runtime']>>;
type AdminSession = NonNullable<App.Locals['admin']>;
type Parsed<S> = S extends Schema ? z.infer<S> : undefined;

export interface RouteSpec<Q extends Schema | undefined, B extends Schema | undefined, A extends boolean> {
  /** The URL's search parameters (each a string), checked by this schema. */
  query?: Q;
  /** The body, checked by this schema: by default a form's (or a flat JSON object's) string fields. */
  body?: B;
  /** `json`: a JSON object with any values (an admin post); `fields` (default): a form or a flat JSON object. */
  bodyFrom?: 'fields' | 'json';
  /** The body's size cap; 32 KB unless said. */
  maxBytes?: number;
  /** Only for the signed-in owner: the handler's `admin` is their session (the middleware has refused others). */
  admin?: A;
  /**
   * A form posted by a browser without JavaScript may be answered with a page: the body is read from a copy, so the
   * handler can still rewrite to a page that reads it.
   */
  page?: boolean;
  /** Told of a body refused before the handler runs (the contact form records it as a security event). */
  onRefusedBody?: (error: BodyError, context: APIContext) => Promise<void>;
  /** For a route whose failures a page explains (a form post): the answer when the server failed. */
  onFailure?: (context: APIContext, wantsPage: boolean) => Response | Promise<Response>;
}

export interface RouteContext<Q extends Schema | undefined, B extends Schema | undefined, A extends boolean> {
  /** Astro's context, for what the kit does not cover: params, rewrite, redirect, locals. */
  context: APIContext;
  params: Record<string, string | undefined>;
  query: Parsed<Q>;
  body: Parsed<B>;
  runtime: Runtime;
  settings: Settings;
  caller: Caller;
  admin: A extends true ? AdminSession : AdminSession | null;
  /** The request asked for a page (a form post from a browser without JavaScript). */
  wantsPage: boolean;
  log: typeof log;
}

export type RouteHandler<Q extends Schema | undefined, B extends Schema | undefined, A extends boolean> = (
  context: RouteContext<Q, B, A>,
) => Promise<Response | Outcome<object>>;

/** A form's fields as they came, for a feature that checks them with rules the browser shares (contact, audit). */
export const formFields = z.record(z.string(), z.string());

export function wantsPage(accept: string | null): boolean {
  return (accept ?? '').includes('text/html');
}

/** A body's problems are field messages beside a form's fields; an address's, one sentence the view shows. */
function check<S extends Schema>(schema: S, input: unknown, from: 'query' | 'body'): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  throw new HttpError(400, from === 'query' ? (Object.values(errors)[0] ?? null) : null, { errors });
}

async function readBody(spec: RouteSpec<Schema | undefined, Schema | undefined, boolean>, request: Request): Promise<unknown> {
  const incoming = fromWebRequest(request);
  const limit = spec.maxBytes ?? maxBodyBytes;
  if (spec.bodyFrom === 'json') return readJsonObject(incoming, limit);
  const read = await readFields(incoming, limit);
  if (read.forbiddenKey) throw new ForbiddenKeys();
  return read.fields;
}

export function route<Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined, A extends boolean = false>(
  spec: RouteSpec<Q, B, A>,
  handler: RouteHandler<Q, B, A>,
): APIRoute {
  return async (context) => {
    const page = spec.page === true && wantsPage(context.request.headers.get('accept'));
    try {
      const query = spec.query ? check(spec.query, Object.fromEntries(context.url.searchParams), 'query') : undefined;
      let body: unknown;
      if (spec.body) {
        try {
          // A page answer may be a rewrite, which needs the original body unread.
          body = check(spec.body, await readBody(spec, page ? context.request.clone() : context.request), 'body');
        } catch (error) {
          if (error instanceof BodyError && spec.onRefusedBody) await spec.onRefusedBody(error, context);
          throw error;
        }
      }
      const admin = context.locals.admin ?? null;
      // The middleware refuses /api/admin without a session; a route outside it that asks for one is refused here too.
      if (spec.admin && !admin) throw new HttpError(401, 'Sign in to continue.');
      const answered = await handler({
        context,
        params: context.params,
        query: query as Parsed<Q>,
        body: body as Parsed<B>,
        runtime: await context.locals.runtime(),
        settings: settings(),
        caller: callerOf(context),
        admin: admin as RouteContext<Q, B, A>['admin'],
        wantsPage: page,
        log,
      });
      return answered instanceof Response ? answered : answer(answered);
    } catch (error) {
      if (error instanceof HttpError) return errorAnswer(error);
      log.error(errorField(error), `[api] ${context.request.method} ${context.url.pathname} failed`);
      return spec.onFailure ? spec.onFailure(context, page) : unavailable(serverFailureText);
    }
  };
}
