/** The route kit: input read and checked through one function, one answer vocabulary, HttpError mapped, failures a 503. */
import type { APIContext } from 'astro';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ok } from '../../src/server/api/answers';
import { HttpError, invalidFields } from '../../src/server/api/http-error';
import { maxBodyBytes } from '../../src/server/api/request-body';
import { route, serverFailureText } from '../../src/server/api/route';

const runtime = { db: 'the database' };

/** What Astro hands an endpoint, as far as the kit reads it. */
function contextOf(request: Request, locals: Partial<App.Locals> = {}): APIContext {
  return {
    request,
    url: new URL(request.url),
    params: { id: 'p1' },
    clientAddress: '203.0.113.9',
    locals: { runtime: async () => runtime, ...locals },
  } as unknown as APIContext;
}

const post = (body: string, type = 'application/json', headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers: { 'Content-Type': type, ...headers } });
const read = async (response: Response) => ({ status: response.status, body: await response.json(), headers: response.headers });

describe('route(spec, handler)', () => {
  const form = z.object({ name: z.string().min(1, 'Enter a name.'), count: z.coerce.number().int() });

  it('hands the handler the checked body, query, params, runtime and caller, and answers with the vocabulary', async () => {
    const handler = vi.fn(async (input: { body: z.infer<typeof form>; query: { q: string }; params: Record<string, string | undefined> }) =>
      ok({ ok: true, got: input.body, q: input.query.q, id: input.params.id }),
    );
    const get = route({ body: form, query: z.object({ q: z.string() }) }, async (input) => {
      expect(input.runtime).toBe(runtime);
      expect(input.caller.address).toBe('203.0.113.9');
      return handler(input);
    });
    const request = new Request('http://localhost/api/x?q=find', {
      method: 'POST',
      body: 'name=Ann&count=3',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const answer = await read(await get(contextOf(request)));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, got: { name: 'Ann', count: 3 }, q: 'find', id: 'p1' });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('answers bad input with a 400 and field messages (body) or one sentence (query), never reaching the handler', async () => {
    const handler = vi.fn(async () => ok({ ok: true }));
    const withBody = await read(await route({ body: form }, handler)(contextOf(post(JSON.stringify({ name: '', count: '1' })))));
    expect(withBody).toMatchObject({ status: 400, body: { ok: false, errors: { name: 'Enter a name.' } } });
    expect(withBody.body.error).toBeUndefined();
    const query = z.object({ path: z.string({ error: 'Choose a page.' }) });
    const withQuery = await read(await route({ query }, handler)(contextOf(new Request('http://localhost/api/x'))));
    expect(withQuery).toMatchObject({ status: 400, body: { ok: false, error: 'Choose a page.', errors: { path: 'Choose a page.' } } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('refuses a body that is too large, of another type, not JSON, or carrying __proto__ — and tells the route', async () => {
    const refused = vi.fn(async () => {});
    const kit = route({ body: z.record(z.string(), z.string()), onRefusedBody: refused }, async () => ok({ ok: true }));
    expect((await read(await kit(contextOf(post('x'.repeat(maxBodyBytes + 1)))))).status).toBe(413);
    expect((await read(await kit(contextOf(post('<a/>', 'text/xml'))))).status).toBe(415);
    expect(await read(await kit(contextOf(post('{nope'))))).toMatchObject({ status: 400, body: { error: 'The request body is not valid JSON.' } });
    expect(await read(await kit(contextOf(post('{"__proto__":{"admin":"1"}}'))))).toMatchObject({
      status: 400,
      body: { error: 'The request contains fields that are not allowed.' },
    });
    expect(refused).toHaveBeenCalledTimes(4);
  });

  it('reads any JSON object with bodyFrom json, up to its own cap', async () => {
    const kit = route({ body: z.object({ tags: z.array(z.string()) }), bodyFrom: 'json', maxBytes: 64 }, async ({ body }) => ok({ ok: true, tags: body.tags }));
    expect((await read(await kit(contextOf(post(JSON.stringify({ tags: ['a', 'b'] })))))).body).toEqual({ ok: true, tags: ['a', 'b'] });
    expect((await read(await kit(contextOf(post(JSON.stringify({ tags: ['x'.repeat(80)] })))))).status).toBe(413);
  });

  it('turns a thrown HttpError into its status, body and Retry-After', async () => {
    const busy = route({}, async () => {
      throw new HttpError(429, 'Too many.', { retryAfterSeconds: 90.2, extra: { retryAfterMinutes: 2 } });
    });
    const answer = await read(await busy(contextOf(new Request('http://localhost/api/x'))));
    expect(answer).toMatchObject({ status: 429, body: { ok: false, error: 'Too many.', retryAfterMinutes: 2 } });
    expect(answer.headers.get('retry-after')).toBe('91');
    const fields = route({}, async () => {
      throw invalidFields({ slug: 'Taken.' });
    });
    expect(await read(await fields(contextOf(new Request('http://localhost/api/x'))))).toMatchObject({
      status: 400,
      body: { ok: false, errors: { slug: 'Taken.' } },
    });
  });

  it('answers any other failure 503 with Retry-After (or the route’s own page), never a 500', async () => {
    const broken = route({}, async () => {
      throw new Error('database gone');
    });
    const answer = await read(await broken(contextOf(new Request('http://localhost/api/x'))));
    expect(answer).toMatchObject({ status: 503, body: { ok: false, error: serverFailureText } });
    expect(answer.headers.get('retry-after')).toBe('60');
    const noRuntime = route({}, async () => ok({ ok: true }));
    const down = contextOf(new Request('http://localhost/api/x'), { runtime: () => Promise.reject(new Error('no database')) });
    expect((await noRuntime(down)).status).toBe(503);
    const own = route({ page: true, onFailure: (_context, page) => ok({ ok: false, page }) }, async () => {
      throw new Error('gone');
    });
    const browser = new Request('http://localhost/api/x', { headers: { Accept: 'text/html' } });
    expect((await read(await own(contextOf(browser)))).body).toEqual({ ok: false, page: true });
  });

  it('refuses a route for the owner without a session, and hands the session over when there is one', async () => {
    const mine = route({ admin: true }, async ({ admin }) => ok({ ok: true, user: admin.userId }));
    expect((await mine(contextOf(new Request('http://localhost/api/x'), { admin: null }))).status).toBe(401);
    const session = { userId: 'u1' } as NonNullable<App.Locals['admin']>;
    expect((await read(await mine(contextOf(new Request('http://localhost/api/x'), { admin: session })))).body).toEqual({ ok: true, user: 'u1' });
  });

  it('reads a page-answerable form from a copy, so the route can still rewrite to a page that reads the body', async () => {
    const kit = route({ body: z.record(z.string(), z.string()), page: true }, async ({ context, wantsPage }) =>
      ok({ ok: true, wantsPage, unread: !context.request.bodyUsed }),
    );
    const browser = post('name=Ann', 'application/x-www-form-urlencoded', { Accept: 'text/html' });
    expect((await read(await kit(contextOf(browser)))).body).toEqual({ ok: true, wantsPage: true, unread: true });
  });
});
