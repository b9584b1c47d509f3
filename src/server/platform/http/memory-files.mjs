// @ts-check
// The built files answered from memory. sirv streams each file from disk, and every open, read and close waits for a
// turn of the event loop: under a flood of writes each turn is longer, so a page read took several long turns. Here
// sirv still decides everything (which file, which encoding, every header, through the front's setHeaders), once per
// path and accepted encodings: its answer is recorded the first time and replayed from then on in one turn. A Range
// request and a file over `maxBytes` are left to sirv.
import { Writable } from 'node:stream';

/**
 * @typedef {{ headers: Record<string, string | number | string[]>, status: number, body: Buffer }} Recorded
 * @typedef {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void} Handler
 */

/** What sirv's choice depends on: the path and whether brotli and gzip are accepted. */
const variantOf = (/** @type {string} */ pathname, /** @type {string} */ encodings) =>
  `${/\bbr\b/.test(encodings) ? 'br' : ''}${/\bgzip\b/.test(encodings) ? 'gz' : ''} ${pathname}`;

/**
 * @param {Handler} serve sirv's handler
 * @param {{ maxBytes: number }} options
 */
export function memoryFiles(serve, { maxBytes }) {
  /** @type {Map<string, Recorded | null>} a variant's recorded answer; null while it is being recorded, or never */
  const recorded = new Map();

  /**
   * Has sirv answer a made-up GET for this variant into memory.
   * @param {string} key the variant @param {string} url the request's path @param {string} encodings
   */
  function record(key, url, encodings) {
    recorded.set(key, null);
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    /** @type {Record<string, string | number | string[]>} */
    const headers = {};
    let status = 0;
    // A file too large to keep is still read to its end (sirv's stream is piped, not destroyed), just not kept.
    const sink = new Writable({
      write(chunk, _encoding, done) {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
        done();
      },
    });
    const res = Object.assign(sink, {
      /** @param {string} name */
      getHeader: (name) => headers[Object.keys(headers).find((key) => key.toLowerCase() === name.toLowerCase()) ?? ''],
      /** @param {string} name @param {string | number | string[]} value */
      setHeader: (name, value) => void (headers[name] = value),
      /** @param {string} name */
      removeHeader: (name) => void delete headers[name],
      /** @param {number} code @param {Record<string, string | number | string[]>} [given] */
      writeHead(code, given = {}) {
        status = code;
        Object.assign(headers, given);
      },
    });
    sink.once('finish', () => {
      if (status === 200 && size <= maxBytes) recorded.set(key, { status, headers, body: Buffer.concat(chunks) });
    });
    const req = /** @type {import('node:http').IncomingMessage} */ (/** @type {unknown} */ ({ method: 'GET', url, headers: { 'accept-encoding': encodings } }));
    // Not found by sirv (it would hand on to the app): nothing is kept, and the variant is not tried again.
    serve(req, /** @type {any} */ (res), () => undefined);
  }

  /** @type {Handler} */
  return function serveFromMemory(req, res, next) {
    const encodings = String(req.headers['accept-encoding'] ?? '');
    const url = (req.url ?? '/').split('?')[0] ?? '/';
    if (req.headers.range) return serve(req, res, next);
    // Keyed by the decoded path, as sirv finds the file: "/ab%6Fut" is "/about", not one more copy of it in memory.
    let pathname;
    try {
      pathname = decodeURI(url);
    } catch {
      return serve(req, res, next);
    }
    const key = variantOf(pathname, encodings);
    const found = recorded.get(key);
    if (found) {
      res.writeHead(found.status, found.headers);
      return void res.end(req.method === 'HEAD' ? undefined : found.body);
    }
    if (found === undefined) record(key, url, encodings);
    serve(req, res, next);
  };
}
