/**
 * Pages rendered on demand take their turn per client (issue 39, finding 10): the front in process, around a
 * stand-in for Astro that holds each request until the test lets it go. One client's reads are handed to Astro
 * `renderTurns.perClient` at a time, the next when one is answered, in arrival order; another client's read is handed
 * on at once meanwhile; past `renderTurns.waitingPerClient` waiting, the client is told 429. (Before, twenty
 * connections of one client asking for made-up report links had twenty renders in flight, and everyone else waited.)
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { renderTurns } from '../../src/server/platform/http/admission-limits.mjs';
import { createFront, readCspManifest } from '../../src/server/platform/http/front.mjs';
import { until } from '../support/until';

describe('on-demand reads in the front, per client', () => {
  let server: http.Server;
  let base: string;
  /** Requests Astro has been handed, in order, and the answers it holds back until released. */
  const handed: string[] = [];
  const held = new Map<string, () => void>();
  /** Requests the server has received, in order (handed on or not). */
  const arrived: string[] = [];
  const app = (req: http.IncomingMessage, res: http.ServerResponse) =>
    new Promise<void>((resolve) => {
      const pathname = (req.url ?? '').split('?')[0]!;
      handed.push(pathname);
      // A stream (the audit's progress) sends its head at once and stays open until released.
      if (pathname.startsWith('/api/stream')) res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' }).write(': open\n\n');
      held.set(pathname, () => {
        held.delete(pathname);
        if (!res.headersSent) res.writeHead(200, { 'Content-Type': 'text/plain' });
        res.end(pathname);
        resolve();
      });
    });

  afterEach(async () => {
    for (const release of held.values()) release();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    handed.length = 0;
    arrived.length = 0;
    held.clear();
  });

  async function start() {
    const front = createFront({ clientDir: 'dist/client', app, settings: { siteUrl: 'http://127.0.0.1', trustProxy: 1 }, csp: readCspManifest('dist/server') });
    server = http.createServer(front);
    server.on('request', (req: http.IncomingMessage) => arrived.push(req.url ?? ''));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }
  /** A read of `pathname` from `address`, on a connection of its own. */
  const read = (pathname: string, address: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get(`${base}${pathname}`, { agent: false, headers: { 'X-Forwarded-For': address } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });
  const release = (pathname: string) => held.get(pathname)!();

  it('hands one client’s reads on a few at a time, in arrival order, and another client’s at once', async () => {
    await start();
    const flooder = '198.51.100.7';
    const count = renderTurns.perClient + 3;
    const answers: Promise<{ status: number; body: string }>[] = [];
    for (let i = 0; i < count; i++) {
      answers.push(read(`/blog/flood-${i}`, flooder));
      // In a known order: each request is with the front before the next is sent.
      await until(async () => (arrived.length === i + 1 ? true : undefined), 5000);
    }
    expect(handed).toHaveLength(renderTurns.perClient);
    // Another client's read is handed on while the flooder's wait.
    const other = read('/blog/another-client', '203.0.113.9');
    await until(async () => (handed.includes('/blog/another-client') ? true : undefined), 5000);
    release('/blog/another-client');
    expect(await other).toEqual({ status: 200, body: '/blog/another-client' });
    expect(handed.filter((p) => p.startsWith('/blog/flood-'))).toEqual(Array.from({ length: renderTurns.perClient }, (_, i) => `/blog/flood-${i}`));

    // Each answer lets the next of the flooder's reads through, in the order they came.
    for (let i = 0; i < count; i++) {
      release(`/blog/flood-${i}`);
      expect(await answers[i]).toEqual({ status: 200, body: `/blog/flood-${i}` });
      const next = i + renderTurns.perClient;
      if (next < count) await until(async () => (handed.includes(`/blog/flood-${next}`) ? true : undefined), 5000);
      expect(handed.filter((p) => p.startsWith('/blog/flood-')).length).toBe(Math.min(count, next + 1));
    }
  });

  it('frees a stream’s turn once its head is sent: open streams never hold a client’s other reads', async () => {
    await start();
    const client = '198.51.100.9';
    const streams = Array.from({ length: renderTurns.perClient }, (_, i) => `/api/stream-${i}`);
    const open = streams.map((pathname) => read(pathname, client));
    await until(async () => (streams.every((pathname) => held.has(pathname)) ? true : undefined), 5000);
    // Both streams still open: the client's page is handed on at once all the same.
    const page = read('/blog/while-streaming', client);
    await until(async () => (held.has('/blog/while-streaming') ? true : undefined), 5000);
    release('/blog/while-streaming');
    expect(await page).toEqual({ status: 200, body: '/blog/while-streaming' });
    for (const pathname of streams) release(pathname);
    expect((await Promise.all(open)).map((answer) => answer.status)).toEqual(streams.map(() => 200));
  });

  it('tells a client with too many reads waiting to slow down (429), without handing them on', async () => {
    await start();
    const flooder = '198.51.100.8';
    const inFlight = renderTurns.perClient + renderTurns.waitingPerClient;
    const answers = Array.from({ length: inFlight }, (_, i) => read(`/reports/wait-${i}`, flooder));
    await until(async () => (handed.length === renderTurns.perClient ? true : undefined), 5000);
    // All of them with the front (handed on or waiting): the next one is refused at once.
    await until(async () => (arrived.length === inFlight ? true : undefined), 10_000);
    const refused = await read('/reports/one-too-many', flooder);
    expect(refused.status).toBe(429);
    expect(handed).not.toContain('/reports/one-too-many');
    expect(handed).toHaveLength(renderTurns.perClient);
    for (let i = 0; i < inFlight; i++) {
      await until(async () => (held.has(`/reports/wait-${i}`) ? true : undefined), 5000);
      release(`/reports/wait-${i}`);
    }
    // Its place was never taken: another read of the client's is handed on again.
    const after = read('/reports/after', flooder);
    await until(async () => (held.has('/reports/after') ? true : undefined), 5000);
    release('/reports/after');
    expect((await after).status).toBe(200);
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual(Array(inFlight).fill(200));
  }, 30_000);
});
