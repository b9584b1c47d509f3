import http from 'node:http';
import net from 'node:net';
import { NodeApp } from 'astro/app/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyReading, publicWrites, writeAdmission } from '../../src/server/platform/http/admission-limits.mjs';
import { analyticsRules } from '../../src/config/analytics';
import { postLimits } from '../../src/config/posts';
import { maxBodyBytes } from '../../src/server/api/request-body';
import { createBodyBudget, readBody, replayBody } from '../../src/server/platform/http/body.mjs';
import { publicEndpoints } from '../../src/config/endpoints.mjs';
import { analyticsEndpoint } from '../../src/config/analytics-wire.mjs';
import { createAdmission } from '../../src/server/platform/http/admission.mjs';

const rules = { ...writeAdmission, perClient: { '/api/x': { perMinute: 3 } }, concurrent: 1, waiting: 2 };

describe('admission of writes (before a body is read)', () => {
  it('refuses a client past its per-minute count with 429 and the seconds left, and no other client', () => {
    const admission = createAdmission(rules);
    const start = 1_000_000;
    for (let i = 0; i < 3; i++) expect(admission.refusal('/api/x', '203.0.113.1', start + i)).toBeNull();
    expect(admission.refusal('/api/x', '203.0.113.1', start + 20_000)).toMatchObject({ status: 429, retryAfterSeconds: 40 });
    expect(admission.refusal('/api/x', '203.0.113.2', start + 20_000)).toBeNull();
    // Paths without a per-client count are not counted.
    for (let i = 0; i < 10; i++) expect(admission.refusal('/api/other', '203.0.113.1', start)).toBeNull();
    // A new minute, a new count.
    expect(admission.refusal('/api/x', '203.0.113.1', start + 60_000)).toBeNull();
  });

  it('counts an IPv6 client by its /64', () => {
    const admission = createAdmission(rules);
    for (let i = 0; i < 3; i++) expect(admission.refusal('/api/x', `2001:db8:1:2::${i + 1}`, 0)).toBeNull();
    expect(admission.refusal('/api/x', '2001:db8:1:2:ffff::9', 0)?.status).toBe(429);
    expect(admission.refusal('/api/x', '2001:db8:1:3::1', 0)).toBeNull();
  });

  it('runs writes one place at a time and answers 503 with Retry-After once the waiting line is full', async () => {
    const admission = createAdmission(rules);
    const releases: Array<() => void> = [];
    const started: number[] = [];
    const runs = [0, 1, 2].map((n) =>
      admission.run(
        `203.0.113.${n + 1}`,
        () =>
          new Promise<void>((resolve) => {
            started.push(n);
            releases.push(resolve);
          }),
      ),
    );
    await Promise.resolve();
    expect(started).toEqual([0]);
    expect(admission.waiting()).toBe(2);
    expect(admission.refusal('/api/other', '203.0.113.9')).toMatchObject({ status: 503, retryAfterSeconds: writeAdmission.retryAfterSeconds });
    releases[0]!();
    await runs[0];
    expect(admission.refusal('/api/other', '203.0.113.9')).toBeNull();
    // In arrival order.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    releases[1]!();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    releases[2]!();
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2]);
  });

  it('gives one client one place however many writes it sends, and the others their places meanwhile', async () => {
    const admission = createAdmission({ ...rules, concurrent: writeAdmission.concurrent, waiting: 100, waitingPerClient: 3 });
    const releases = new Map<string, () => void>();
    const started: string[] = [];
    const write = (address: string, name: string) =>
      admission.run(address, () => new Promise<void>((resolve) => (started.push(name), releases.set(name, resolve))));
    // One client's writes, then another's; an IPv6 client is its /64.
    const runs = [
      ...[1, 2, 3].map((n) => write('203.0.113.1', `a${n}`)),
      write('2001:db8:1:2::1', 'v6 first'),
      write('2001:db8:1:2::ffff', 'v6 second'),
      write('203.0.113.2', 'b1'),
    ];
    await Promise.resolve();
    expect(started).toEqual(['a1', 'v6 first', 'b1']);
    expect(admission.held()).toBe(3);
    expect(admission.waiting()).toBe(3);
    // a2 and a3 wait (a1 holds the place): within the client's three; with a4 the client has its share waiting.
    expect(admission.refusal('/api/other', '203.0.113.1')).toBeNull();
    void write('203.0.113.1', 'a4');
    expect(admission.crowded('203.0.113.1')).toBe(true);
    expect(admission.refusal('/api/other', '203.0.113.1')).toMatchObject({ status: 429 });
    expect(admission.refusal('/api/other', '203.0.113.3')).toBeNull();
    releases.get('a1')!();
    await runs[0];
    await Promise.resolve();
    expect(started).toEqual(['a1', 'v6 first', 'b1', 'a2']);
    for (const name of ['v6 first', 'b1', 'a2']) releases.get(name)!();
    await Promise.all([runs[1], runs[3], runs[5]]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started.slice(4).sort()).toEqual(['a3', 'v6 second']);
  });

  it('frees a place held past holdMs, telling the write it is overdue, and goes on with the next', async () => {
    const admission = createAdmission({ ...rules, concurrent: 1, waiting: 10, holdMs: 50 });
    const overdue: string[] = [];
    const started: string[] = [];
    const stuck = admission.run(
      '203.0.113.1',
      () => (started.push('stuck'), new Promise(() => undefined)),
      () => overdue.push('stuck'),
    );
    const next = admission.run(
      '203.0.113.2',
      async () => void started.push('next'),
      () => overdue.push('next'),
    );
    await Promise.resolve();
    expect(started).toEqual(['stuck']);
    await stuck;
    await next;
    expect(overdue).toEqual(['stuck']);
    expect(started).toEqual(['stuck', 'next']);
    expect(admission.held()).toBe(0);
  });

  it('frees the place of a write that throws', async () => {
    const admission = createAdmission({ ...rules, concurrent: 1 });
    await admission.run('203.0.113.1', () => {
      throw new Error('a write failed');
    });
    expect(admission.held()).toBe(0);
  });

  it('lets a person through on every public write endpoint', () => {
    // A visitor sends a page view and a few engagement reports a page, and an enquiry or two: far below the counts.
    expect(publicWrites[analyticsEndpoint]!.perMinute).toBeGreaterThanOrEqual(120);
    expect(publicWrites[publicEndpoints.contact]!.perMinute).toBeGreaterThanOrEqual(10);
  });
});

describe('reading a write’s body before it takes a place', () => {
  type Read = Awaited<ReturnType<typeof readBody>>;
  let server: http.Server;
  let port: number;
  let handle: (req: http.IncomingMessage, res: http.ServerResponse) => void;
  const budget = createBodyBudget({ perClientBytes: 4000, totalBytes: 6000 });
  const options = { maxBytes: 1000, graceMs: 300, minBytesPerSecond: 1000, budget };

  beforeAll(async () => {
    server = http.createServer((req, res) => handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    // A refused body's client may still be sending: its connection is not waited for.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Sends a request whose body is written by `send`, and resolves with what readBody made of it (and when). */
  function readOnServer(contentLength: number | null, send: (socket: net.Socket) => void, client = 'a') {
    return new Promise<{ read: Read; ms: number; astroBody: Buffer | null }>((resolve) => {
      handle = (req, res) => {
        const started = performance.now();
        void readBody(req, { ...options, client }).then(async (read) => {
          const ms = performance.now() - started;
          let astroBody: Buffer | null = null;
          if (read.outcome === 'read') {
            // Astro's node handler makes the request it routes from this one: its body must be the bytes read.
            replayBody(req, read.chunks, read.complete);
            astroBody = Buffer.from(await NodeApp.createRequest(req).arrayBuffer());
          }
          read.release();
          res.end();
          resolve({ read, ms, astroBody });
        });
      };
      const socket = net.connect(port, '127.0.0.1', () => {
        const length = contentLength === null ? 'Transfer-Encoding: chunked' : `Content-Length: ${contentLength}`;
        socket.write(`POST /x HTTP/1.1\r\nHost: x\r\n${length}\r\nConnection: close\r\n\r\n`);
        send(socket);
      });
      socket.on('error', () => undefined);
      socket.resume();
    });
  }

  it('replays a body that came in time to Astro byte for byte', async () => {
    const bytes = Buffer.from([...Array(700).keys()].map((n) => n % 256));
    const { read, astroBody } = await readOnServer(bytes.length, (socket) => {
      socket.write(bytes.subarray(0, 300));
      setTimeout(() => socket.write(bytes.subarray(300)), 100);
    });
    expect(read).toMatchObject({ outcome: 'read', complete: true, bytes: 700 });
    expect(astroBody).toEqual(bytes);
    expect(budget.held()).toBe(0);
  });

  it('refuses a body that falls below the minimum rate once the grace is over, and keeps nothing of it', async () => {
    const drip = { timer: undefined as NodeJS.Timeout | undefined };
    const { read, ms } = await readOnServer(options.maxBytes, (socket) => {
      drip.timer = setInterval(() => socket.writable && socket.write('x'), 50);
    });
    clearInterval(drip.timer);
    expect(read.outcome).toBe('slow');
    // The grace and what the few bytes sent allow, not the 50 s the whole body would have taken.
    expect(ms).toBeGreaterThanOrEqual(options.graceMs);
    expect(ms).toBeLessThan(options.graceMs + 2000);
    expect(budget.held()).toBe(0);
  });

  it('hands on a body over maxBytes, read ahead up to it and the rest as it comes; a declared one is not read ahead', async () => {
    const bytes = Buffer.alloc(2500, 'y');
    const chunked = await readOnServer(null, (socket) => {
      socket.write(`${bytes.length.toString(16)}\r\n`);
      socket.write(bytes);
      socket.write('\r\n0\r\n\r\n');
    });
    expect(chunked.read).toMatchObject({ outcome: 'read', complete: false });
    expect(chunked.astroBody).toEqual(bytes);
    const declared = await readOnServer(bytes.length, (socket) => socket.write(bytes));
    expect(declared.read).toMatchObject({ outcome: 'read', complete: false, bytes: 0 });
    expect(declared.astroBody).toEqual(bytes);
  });

  it('keeps one client within its bytes in memory, and all clients within theirs', async () => {
    expect(budget.take('b', 3500)).toBe('ok');
    const over = await readOnServer(900, (socket) => socket.write(Buffer.alloc(900, 'z')), 'b');
    expect(over.read.outcome).toBe('client-budget');
    expect(budget.take('c', 2000)).toBe('ok');
    const all = await readOnServer(900, (socket) => socket.write(Buffer.alloc(900, 'z')), 'd');
    expect(all.read.outcome).toBe('total-budget');
    budget.give('b', 3500);
    budget.give('c', 2000);
    expect(budget.held()).toBe(0);
  });
});

describe('the front reads ahead what every endpoint accepts', () => {
  it('reads ahead at least each endpoint’s own body limit, so the endpoint (not the front) says 413', () => {
    expect(bodyReading.maxBytes).toBeGreaterThan(maxBodyBytes);
    expect(bodyReading.maxBytes).toBeGreaterThan(analyticsRules.maxBodyBytes);
    // A cover image is not read ahead (it comes after the admin's session is checked): a body that size never is.
    expect(postLimits.coverMaxBytes).toBeGreaterThan(bodyReading.perClientBytes);
    expect(bodyReading.perClientBytes).toBeGreaterThanOrEqual(bodyReading.maxBytes);
    expect(bodyReading.totalBytes).toBeGreaterThanOrEqual(bodyReading.perClientBytes);
  });
});
