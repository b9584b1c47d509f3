import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { staticHeaders } from '../../src/server/platform/http/caddy-static.mjs';
import { answerKeptPage, type KeptPage } from '../../src/server/platform/http/kept-page';

const html = `<!doctype html><title>Post</title>${'<p>A paragraph of a post kept in memory.</p>'.repeat(50)}`;
const kept = (status = 200): KeptPage => ({ status, html, headers: [['Content-Type', 'text/html; charset=utf-8']] });
const request = (headers: Record<string, string> = {}) => new Request('http://x/blog/post', { headers });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('a kept on-demand page answered as a built page is', () => {
  it('is compressed once, brotli whenever accepted, else gzip, else as it is, each with its length', async () => {
    const page = kept();
    const br = await answerKeptPage(page, request({ 'accept-encoding': 'gzip, deflate, br' }));
    const encoded = await page.encoded;
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(html);
    expect(Number(br.headers.get('content-length'))).toBe(encoded!.br.length);
    const gzip = await answerKeptPage(page, request({ 'accept-encoding': 'gzip' }));
    expect(gunzipSync(await bytes(gzip)).toString()).toBe(html);
    const plain = await answerKeptPage(page, request());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await bytes(plain)).toString()).toBe(html);
    expect(await page.encoded).toBe(encoded);
    for (const response of [br, gzip, plain]) {
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe(staticHeaders.page['Cache-Control']);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    }
  });

  it('answers 304 to its ETag, a new ETag when the page changes, and never caches a 410', async () => {
    const page = kept();
    const etag = (await answerKeptPage(page, request())).headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await answerKeptPage(page, request({ 'if-none-match': `W/"other", ${etag}` }))).status).toBe(304);
    expect((await answerKeptPage({ ...kept(), html: `${html}<p>changed</p>` }, request({ 'if-none-match': etag }))).status).toBe(200);
    const gone = await answerKeptPage(kept(410), request({ 'if-none-match': etag }));
    expect([gone.status, gone.headers.get('cache-control')]).toEqual([410, 'no-store']);
  });
});
