#!/usr/bin/env node
// Throughput and latency of POST /api/contact on SQLite at 10 and 100 concurrent clients, next to a static page
// served by the same process. Every request comes from a different client address (TRUST_PROXY + X-Forwarded-For),
// so what is measured is validation, the rate-limit check and the durable write, not the limiter saying no.
// Usage: npm run bench:contact [-- --seconds 10]
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, printTable, startSite } from './lib.mjs';

const argv = process.argv.slice(2);
const seconds = Number(argv[argv.indexOf('--seconds') + 1] || 8);
const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-bench-'));
const site = await startSite({ DATABASE_URL: `file:${path.join(dir, 'bench.db')}`, TRUST_PROXY: 'true', SMTP_URL: '' });
const { hostname, port } = new URL(site.base);

let clientCounter = 0;
const nextAddress = () => {
  const n = ++clientCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

function request(agent, method, pathname, body) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const req = http.request(
      {
        host: hostname,
        port,
        method,
        path: pathname,
        agent,
        headers: body
          ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Forwarded-For': nextAddress() }
          : { 'Accept-Encoding': 'gzip' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
    if (body) req.write(body);
    req.end();
  });
}

async function load(label, concurrency, method, pathname, makeBody, okStatus) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  // Warm-up, not counted.
  await Promise.all(Array.from({ length: concurrency }, () => request(agent, method, pathname, makeBody?.())));
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const { status, ms } = await request(agent, method, pathname, makeBody?.());
        if (status === okStatus) latencies.push(ms);
        else errors++;
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return [label, concurrency, latencies.length, Math.round(latencies.length / elapsed), `${median(latencies).toFixed(1)} ms`, `${p99.toFixed(1)} ms`, errors];
}

const contactBody = () =>
  JSON.stringify({ name: 'Bench Client', email: 'bench@example.com', subject: 'Benchmark enquiry', message: 'Measuring the contact endpoint under load.' });

try {
  const rows = [];
  for (const concurrency of [10, 100]) {
    rows.push(await load('POST /api/contact', concurrency, 'POST', '/api/contact', contactBody, 201));
    rows.push(await load('GET / (static)', concurrency, 'GET', '/', null, 200));
  }
  console.log(`\nContact endpoint vs static page, SQLite, ${seconds} s per row, ${os.cpus().length} cores:\n`);
  printTable(['Request', 'Concurrency', 'Requests', 'Req/s', 'p50', 'p99', 'Errors'], rows);
  console.log('\nTarget: p99 ≤ 50 ms for POST /api/contact at 100 concurrent clients.');
} finally {
  await site.stop();
  rmSync(dir, { recursive: true, force: true });
}
