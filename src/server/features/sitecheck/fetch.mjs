// @ts-check
// Fetching for the site checker: one request at a time through the address guard (no redirect followed by itself,
// body read up to a size cap and decoded), and redirects followed hop by hop, each hop judged again.
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { guardFor, RefusedAddress } from './address-guard.mjs';
import { resolve } from './urls.mjs';

/** A run cancelled while a request was under way. */
export class Cancelled extends Error {}

/** @typedef {Required<Omit<import('./checker.mjs').CheckOptions, 'signal' | 'onProgress'>>} RunOptions */

/** @param {unknown} error @param {number} timeoutMs */
export function networkReason(error, timeoutMs) {
  if (error instanceof RefusedAddress) return error.message;
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `no answer within ${timeoutMs / 1000} s`;
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = /** @type {{ code?: string }} */ (cause)?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name does not resolve';
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ECONNRESET') return 'the connection was reset';
  return cause instanceof Error ? cause.message : String(cause);
}

/** @typedef {{ http: http.Agent, https: https.Agent }} Agents */

/** Decoders for the codings asked for in Accept-Encoding. */
const decoders = /** @type {Record<string, () => import('node:stream').Transform>} */ ({
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
});

/**
 * Sends one request through the address guard and resolves with the response (body not yet read).
 * @param {URL} url @param {string} method @param {Record<string, string>} headers @param {AbortSignal} signal
 * @param {import('./address-guard.mjs').AddressPolicy} policy
 * @param {Agents} agents a run's own connection pools: a pooled connection was made under this run's policy
 * @returns {Promise<http.IncomingMessage>}
 */
function send(url, method, headers, signal, policy, agents) {
  return new Promise((resolve, reject) => {
    let lookup;
    try {
      lookup = guardFor(url, policy);
    } catch (error) {
      reject(error);
      return;
    }
    const secure = url.protocol === 'https:';
    const req = (secure ? https : http).request(
      url,
      { method, headers, signal, agent: secure ? agents.https : agents.http, ...(lookup && { lookup }) },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * What a whole run may read: `spent` grows with every body read; once it reaches `max`, no further body is read (the
 * answer says `overBudget`), so a site of huge pages costs a bounded amount whatever its page count.
 * @typedef {{ spent: number, max: number }} ByteBudget
 */

/**
 * One request, no redirects followed, body read up to the size cap (only when asked for). With `truncate`, a body past
 * the cap is cut there and read (`truncated`), as search engines read robots.txt; without, it is not read (`tooLarge`).
 * @param {string} url
 * @param {{ method?: string, body: boolean, options: RunOptions, signal: AbortSignal, agents: Agents, budget?: ByteBudget, truncate?: boolean }} how
 */
export async function request(url, { method = 'GET', body, options, signal, agents, budget, truncate = false }) {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const both = AbortSignal.any([signal, timeout]);
  try {
    const response = await send(
      new URL(url),
      method,
      { 'User-Agent': options.userAgent, Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'Accept-Encoding': 'gzip, deflate, br' },
      both,
      options.addressPolicy,
      agents,
    );
    const header = (/** @type {string} */ name) => {
      const value = response.headers[name];
      return Array.isArray(value) ? value.join(', ') : (value ?? null);
    };
    const result = {
      status: /** @type {number | null} */ (response.statusCode ?? null),
      location: header('location'),
      contentType: header('content-type') ?? '',
      robotsHeader: header('x-robots-tag') ?? '',
      text: /** @type {string | null} */ (null),
      bytes: Number(header('content-length') ?? 0) || 0,
      tooLarge: false,
      truncated: false,
      overBudget: false,
      error: /** @type {string | null} */ (null),
    };
    if (!body || method === 'HEAD') {
      response.destroy();
      return result;
    }
    if (budget && budget.spent >= budget.max) {
      response.destroy();
      return { ...result, overBudget: true };
    }
    if (result.bytes > options.maxBytes && !truncate) {
      response.destroy();
      return { ...result, tooLarge: true };
    }
    const coding = (header('content-encoding') ?? '').trim().toLowerCase();
    const decoder = decoders[coding];
    const stream = decoder ? response.pipe(decoder()) : response;
    if (decoder) response.on('error', (error) => stream.destroy(error));
    const chunks = [];
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.byteLength;
      if (budget) budget.spent += chunk.byteLength;
      if (size > options.maxBytes) {
        response.destroy();
        stream.destroy();
        if (!truncate) return { ...result, bytes: size, tooLarge: true };
        chunks.push(chunk.subarray(0, chunk.byteLength - (size - options.maxBytes)));
        return { ...result, bytes: options.maxBytes, truncated: true, text: Buffer.concat(chunks).toString('utf8') };
      }
      chunks.push(chunk);
    }
    return { ...result, bytes: size, text: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    if (signal.aborted) throw new Cancelled();
    return {
      status: null,
      location: null,
      contentType: '',
      robotsHeader: '',
      text: null,
      bytes: 0,
      tooLarge: false,
      truncated: false,
      overBudget: false,
      refused: error instanceof RefusedAddress,
      error: networkReason(timeout.aborted ? Object.assign(new Error('timeout'), { name: 'TimeoutError' }) : error, options.timeoutMs),
    };
  }
}

/**
 * A request following redirects, noting each hop and stopping at a loop or after maxRedirects.
 * @param {string} url @param {Parameters<typeof request>[1]} how
 */
export async function follow(url, how) {
  /** @type {{ url: string, status: number }[]} */
  const chain = [];
  const seen = new Set([url]);
  let current = url;
  for (;;) {
    const answer = await request(current, how);
    const next = answer.status !== null && answer.status >= 300 && answer.status < 400 && answer.location ? resolve(answer.location, current) : null;
    if (!next) return { ...answer, chain, finalUrl: current, loop: false };
    chain.push({ url: current, status: /** @type {number} */ (answer.status) });
    if (seen.has(next) || chain.length > how.options.maxRedirects) return { ...answer, chain, finalUrl: next, loop: true };
    seen.add(next);
    current = next;
  }
}
