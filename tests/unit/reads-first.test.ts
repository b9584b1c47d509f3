import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import sirv from 'sirv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryFiles } from '../../src/server/platform/http/memory-files.mjs';
import { createWriteTurns } from '../../src/server/platform/http/write-turns.mjs';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('write turns (reads first)', () => {
  it('runs writes in arrival order, never in the turn they arrive in, and at most the budget a turn (at least one)', async () => {
    const turns = createWriteTurns({ budgetMs: 1, limit: 10, perClient: 10 });
    const log: string[] = [];
    for (const name of ['a', 'b', 'c']) turns.add(() => (log.push(name), busyFor(2)), name);
    log.push('read now');
    // Each write takes longer than the budget, so one runs a turn and what arrives between turns goes before the next.
    for (let turn = 1; turn <= 3; turn++) {
      await nextTurn();
      log.push(`turn ${turn}`);
    }
    expect(log).toEqual(['read now', 'a', 'turn 1', 'b', 'turn 2', 'c', 'turn 3']);
    expect(turns.waiting()).toBe(0);
  });

  it('runs quick writes together in one turn', async () => {
    const turns = createWriteTurns({ budgetMs: 50, limit: 100, perClient: 100 });
    const done: number[] = [];
    for (let i = 0; i < 20; i++) turns.add(() => done.push(i), `client ${i}`);
    await nextTurn();
    expect(done).toEqual([...Array(20).keys()]);
  });

  it('says no once `limit` writes wait, or `perClient` of one client, and yes again when they have run', async () => {
    const turns = createWriteTurns({ budgetMs: 50, limit: 3, perClient: 2 });
    expect(turns.add(() => undefined, 'a')).toBe('queued');
    expect(turns.add(() => undefined, 'a')).toBe('queued');
    expect(turns.add(() => undefined, 'a')).toBe('client-full');
    expect(turns.add(() => undefined, 'b')).toBe('queued');
    expect(turns.add(() => undefined, 'c')).toBe('full');
    expect(turns.waiting()).toBe(3);
    await nextTurn();
    expect(turns.waiting()).toBe(0);
    expect(turns.add(() => undefined, 'a')).toBe('queued');
    expect(turns.add(() => undefined, 'a')).toBe('queued');
  });

  it('goes on with the next writes after one throws', async () => {
    const turns = createWriteTurns({ budgetMs: 50, limit: 10, perClient: 10 });
    const done: string[] = [];
    const failing = () => {
      throw new Error('a write failed');
    };
    const caught = new Promise((resolve) => process.once('uncaughtException', resolve));
    turns.add(failing, 'a');
    turns.add(() => done.push('b'), 'b');
    expect(await caught).toMatchObject({ message: 'a write failed' });
    await nextTurn();
    await nextTurn();
    expect(done).toEqual(['b']);
    expect(turns.waiting()).toBe(0);
  });
});

describe('built files from memory', () => {
  let dir: string;
  let server: http.Server;
  let base: string;
  let fromDisk = 0;
  const home = '<!doctype html><title>Home</title>';

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'memory-files-'));
    writeFileSync(path.join(dir, 'index.html'), home);
    writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(home));
    writeFileSync(path.join(dir, 'big.txt'), 'x'.repeat(5000));
    const files = sirv(dir, {
      etag: true,
      brotli: true,
      gzip: true,
      extensions: ['html'],
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    });
    const counted: typeof files = (req, res, next) => {
      fromDisk++;
      files(req, res, next);
    };
    const serve = memoryFiles(counted, { maxBytes: 1000 });
    server = http.createServer((req, res) => serve(req, res, () => res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (pathname: string, headers: Record<string, string> = {}, method = 'GET') => {
    const response = await fetch(base + pathname, { method, headers: { 'Accept-Encoding': 'identity', ...headers } });
    const bytes = Buffer.from(await response.arrayBuffer());
    const kept = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
    return { status: response.status, headers: kept, body: bytes.toString() };
  };

  /** Asks until an answer comes from memory (the recording of the first answer finishes a moment after it is sent). */
  const recorded = async (pathname: string, headers: Record<string, string> = {}) => {
    for (let i = 0; i < 50; i++) {
      const before = fromDisk;
      await get(pathname, headers);
      if (fromDisk === before) return;
    }
    throw new Error(`${pathname} was never answered from memory`);
  };

  it('answers a file the second time from memory with what sirv answered the first time, per accepted encoding', async () => {
    const plainFirst = await get('/');
    const brFirst = await get('/', { 'Accept-Encoding': 'br' });
    await recorded('/');
    await recorded('/', { 'Accept-Encoding': 'br' });
    const readsBefore = fromDisk;
    const plainAgain = await get('/');
    const brAgain = await get('/', { 'Accept-Encoding': 'br' });
    expect(fromDisk).toBe(readsBefore);
    expect(plainAgain).toEqual(plainFirst);
    expect(brAgain).toEqual(brFirst);
    expect([plainAgain.body, brAgain.body]).toEqual([home, home]);
    const brotliBytes = String(brotliCompressSync(home).length);
    expect(brAgain.headers['content-encoding']).toBe('br');
    expect(brAgain.headers['content-length']).toBe(brotliBytes);
    expect(brAgain.headers['cache-control']).toBe('no-cache');
    expect(brAgain.headers.etag).toMatch(new RegExp(`^W/"${brotliBytes}-\\d+"$`));
    const head = await get('/', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.body).toBe('');
    expect(head.headers['content-length']).toBe(brotliBytes);
  });

  it('keeps one copy of a file however its path is percent-encoded', async () => {
    const first = await get('/index.html');
    await recorded('/index.html');
    const before = fromDisk;
    expect(await get('/index%2Ehtml')).toEqual(first);
    expect(await get('/%69ndex.html')).toEqual(first);
    expect(fromDisk).toBe(before);
  });

  it('leaves a Range request, a file over the limit and a missing one to sirv', async () => {
    await get('/');
    let before = fromDisk;
    const range = await get('/', { Range: 'bytes=0-8' });
    expect([range.status, range.body, fromDisk - before]).toEqual([206, '<!doctype', 1]);
    for (let i = 0; i < 3; i++) expect((await get('/big.txt')).body).toHaveLength(5000);
    before = fromDisk;
    await get('/big.txt');
    expect(fromDisk - before).toBe(1);
    expect((await get('/missing.txt')).status).toBe(404);
    before = fromDisk;
    expect((await get('/missing.txt')).status).toBe(404);
    expect(fromDisk - before).toBe(1);
  });
});
