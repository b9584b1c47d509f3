/**
 * A page rendered on demand and kept while what it shows is unchanged (the blog and its admin posts), answered as a
 * built page is: compressed once as the build compresses (brotli 11, gzip 9), with its length, an ETag and the same
 * caching, and 304 when the browser has it. Compressing on every request streamed the answer in chunks with no length,
 * a few milliseconds later than a built page, and Lighthouse scored an admin post well below the built post it copies.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { brotliOptions, gzipOptions } from './compression.mjs';
import { staticHeaders } from './caddy-static.mjs';

export interface KeptPage {
  status: number;
  html: string;
  headers: [string, string][];
  /** Made on first use, once however many ask at the same time. */
  encoded?: Promise<Encoded>;
}

interface Encoded {
  etag: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Off the event loop (zlib's thread pool): brotli 11 takes about 130 ms for the blog's 56 KB. */
async function encode(page: KeptPage): Promise<Encoded> {
  const identity = Buffer.from(page.html);
  const [br, gzipped] = await Promise.all([brotli(identity, brotliOptions(identity.length)), gzip(identity, gzipOptions)]);
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  return { etag, identity, br, gzip: gzipped };
}

/** The kept page as the answer to `request`, in the smallest encoding the client accepts (the front lists what it accepts). */
export async function answerKeptPage(page: KeptPage, request: Request): Promise<Response> {
  page.encoded ??= encode(page);
  const encoded = await page.encoded;
  const { etag } = encoded;
  const accepted = (request.headers.get('accept-encoding') ?? '').split(',').map((coding) => coding.trim());
  // Brotli whenever it is accepted, as sirv chooses for a built page.
  const coding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : undefined;
  const body = coding ? encoded[coding] : encoded.identity;
  const headers = new Headers(page.headers);
  headers.set('Vary', 'Accept-Encoding');
  headers.set('ETag', etag);
  // A 410 is kept but not cached by browsers as a page would be.
  headers.set('Cache-Control', page.status === 200 ? staticHeaders.page['Cache-Control'] : 'no-store');
  const ifNoneMatch = request.headers.get('if-none-match') ?? '';
  if (page.status === 200 && ifNoneMatch.split(',').some((tag) => tag.trim() === etag)) return new Response(null, { status: 304, headers });
  if (coding) headers.set('Content-Encoding', coding);
  headers.set('Content-Length', String(body.length));
  return new Response(new Uint8Array(body), { status: page.status, headers });
}
