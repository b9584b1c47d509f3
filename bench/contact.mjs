#!/usr/bin/env node
// Throughput and latency of POST /api/contact on SQLite at 10 and 100 concurrent clients, next to a static page
// served by the same process. Every request comes from a different client address (TRUST_PROXY + X-Forwarded-For),
// so what is measured is validation, the rate-limit check and the durable write, not the limiter saying no.
// Usage: npm run bench:contact [-- --seconds 10]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, ms, printTable, startSite } from './lib.mjs';

const argv = process.argv.slice(2);
const seconds = Number(argv[argv.indexOf('--seconds') + 1] || 8);
const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-bench-'));
const site = await startSite({ DATABASE_URL: `file:${path.join(dir, 'bench.db')}`, TRUST_PROXY: 'true', SMTP_URL: '' });

const contactBody = () =>
  JSON.stringify({ name: 'Bench Client', email: 'bench@example.com', subject: 'Benchmark enquiry', message: 'Measuring the contact endpoint under load.' });

async function row(label, concurrency, options) {
  // Warm-up, not counted.
  await load({ base: site.base, concurrency, until: Date.now() + 500, ...options });
  const r = await load({ base: site.base, concurrency, until: Date.now() + seconds * 1000, ...options });
  return [label, concurrency, r.requests, r.perSecond, ms(r.p50), ms(r.p99), r.errors];
}

try {
  const rows = [];
  for (const concurrency of [10, 100]) {
    rows.push(await row('POST /api/contact', concurrency, { method: 'POST', pathname: '/api/contact', makeBody: contactBody, okStatus: 201 }));
    rows.push(await row('GET / (static)', concurrency, { pathname: '/', headers: { 'Accept-Encoding': 'gzip' } }));
  }
  console.log(`\nContact endpoint vs static page, SQLite, ${seconds} s per row, ${os.cpus().length} cores:\n`);
  printTable(['Request', 'Concurrency', 'Requests', 'Req/s', 'p50', 'p99', 'Errors'], rows);
  console.log('\nTarget: p99 ≤ 50 ms for POST /api/contact at 100 concurrent clients.');
} finally {
  await site.stop();
  rmSync(dir, { recursive: true, force: true });
}
