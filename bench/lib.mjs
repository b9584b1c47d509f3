// Shared by the benchmarks: start the built site on a free port, drive load at it, print tables.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { freePort } from '../scripts/free-port.mjs';

export { freePort };

/** Waits until `base` answers /robots.txt (a few seconds at most). */
export async function waitUntilServing(base, attempts = 100) {
  for (let i = 0; i < attempts; i++) {
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Stops a child process with `signal` and resolves once it has exited. */
export function stopper(child, signal = 'SIGTERM') {
  return () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill(signal);
    });
}

export async function startSite(env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    // The request log is written (as in production) but not kept: a pipe nobody reads would fill and stop the server.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilServing(base);
  return { base, stop: stopper(child) };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function printTable(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

let clientCounter = 0;
/** A different client address each call (the site runs with TRUST_PROXY), so no rate limit is measured. */
export function nextAddress() {
  const n = ++clientCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** One request; resolves with its status, time and the response body when asked for. */
export function request(agent, base, method, pathname, { body, headers = {}, keepBody = false } = {}) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const req = http.request(
      {
        host: hostname,
        port,
        method,
        path: pathname,
        agent,
        headers: body
          ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Forwarded-For': nextAddress(), ...headers }
          : headers,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => keepBody && chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, ms: elapsed(), body: keepBody ? Buffer.concat(chunks).toString() : '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: elapsed(), body: '' }));
    req.end(body);
  });
}

/** `concurrency` clients repeating a request until `until` (ms since epoch); latencies of answers with okStatus. */
export async function load({ base, concurrency, until, method = 'GET', pathname, makeBody, headers, okStatus = 200, onResponse }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  let serverErrors = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const response = await request(agent, base, method, pathname, { body: makeBody?.(), headers, keepBody: !!onResponse });
        onResponse?.(response);
        if (response.status >= 500) serverErrors++;
        if (response.status === okStatus) latencies.push(response.ms);
        else errors++;
      }
    }),
  );
  agent.destroy();
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { requests: latencies.length, perSecond: Math.round(latencies.length / seconds), p50: median(latencies) ?? 0, p99, errors, serverErrors };
}

export const ms = (value) => `${value.toFixed(1)} ms`;

/**
 * Runs wrk; resolves with its requests per second and latency percentiles (ms).
 * @param {string[]} args @param {Record<string, string>} [env]
 */
export function wrk(args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn('wrk', args, { env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('exit', () => {
      const unit = { us: 0.001, ms: 1, s: 1000 };
      const percentile = (p) => {
        const match = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s)`, 'm').exec(output);
        return match ? Number(match[1]) * unit[match[2]] : NaN;
      };
      const count = (pattern) => Number(pattern.exec(output)?.[1] ?? 0);
      resolve({
        perSecond: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0)),
        p50: percentile(50),
        p99: percentile(99),
        notOk: count(/Non-2xx or 3xx responses: (\d+)/),
        socketErrors:
          /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
            .exec(output)
            ?.slice(1)
            .reduce((a, b) => a + Number(b), 0) ?? 0,
      });
    });
  });
}
