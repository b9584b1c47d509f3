#!/usr/bin/env node
// The production server under load, measured with wrk (a C load generator: one written in Node would share the two
// cores with the server and measure itself). Two paths, each on a database of its own:
//   node   `npm start` alone (plain HTTP, trusting one proxy so X-Forwarded-For can stand for many clients);
//   caddy  `npm run serve:proxied` (HTTPS, Caddy serving the built files and proxying the rest), with the benchmark
//          as a trusted proxy in front of Caddy for the same reason;
//   caddy ×2  the same with `--instances 2` on one PostgreSQL database (--postgres URL, default TEST_DATABASE_URL);
// and nginx serving the same dist/client beside them.
//  1. Static pages: GET / and GET /about, 50 keep-alive clients.
//  2. GET / p50/p99 (10 clients) alone, then while 100 clients flood POST /api/event or POST /api/contact from one
//     address and from a new address each request; the floods' answers by status, and whether every event answered
//     2xx and every enquiry answered 201 is in the database.
// Usage: npm run bench:server [-- --seconds 10] [--postgres postgres://…]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { publicEndpoints } from '../src/config/endpoints.mjs';
import { openDatabase } from '../src/server/db/connect.mjs';
import { ensureCaddy, ensureNginx, ensureWrk } from '../scripts/browser.mjs';
import { requireBuild } from '../scripts/cli.mjs';
import { freePort, printTable, startSite, stopper, waitUntilServing, wrk } from './lib.mjs';

requireBuild('dist/caddy/static.caddy');
ensureWrk();
ensureCaddy();
ensureNginx();

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, postgres: { type: 'string', default: process.env.TEST_DATABASE_URL ?? '' } },
});
const seconds = Number(values.seconds);
const postgresUrl = values.postgres;
const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-bench-server-'));
const floodScript = path.resolve('bench/wrk/flood.lua');
const nginxBinary = '/usr/sbin/nginx';

async function startNginx() {
  const port = await freePort();
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  include /etc/nginx/mime.types;
  sendfile on;
  gzip_static on;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:${port};
    root ${path.resolve('dist/client')};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const child = spawn(nginxBinary, ['-c', config, '-g', 'daemon off;'], { stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilServing(base);
  return { name: 'nginx', base, stop: stopper(child, 'SIGQUIT') };
}

async function startNode() {
  const databaseUrl = `file:${path.join(dir, 'node.db')}`;
  const site = await startSite({ DATABASE_URL: databaseUrl, TRUST_PROXY: '1', SMTP_URL: '' });
  return { name: 'node', ...site, databaseUrl };
}

/** A schema of its own in the PostgreSQL database at `url`, for the two instances; dropped at the end. */
async function postgresSchema(url) {
  const schema = `bench_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  stops.push(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  });
  return withSchema.toString();
}

async function startCaddy({ name = 'caddy', databaseUrl = `file:${path.join(dir, 'caddy.db')}`, instances = 1 } = {}) {
  const child = spawn(process.execPath, ['scripts/serve-proxied.mjs', '--trusted-proxies', '127.0.0.1/32', '--instances', String(instances)], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SMTP_URL: '' },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const base = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const found = /^https:\/\/\S+$/m.exec(output);
      if (found) resolve(found[0]);
    });
    child.once('exit', () => reject(new Error('serve:proxied stopped before it served')));
  });
  return { name, base, databaseUrl, stop: stopper(child) };
}

const readPage = (base, pathname, clients, duration) =>
  wrk(['-t1', `-c${clients}`, `-d${duration}s`, '--latency', '-H', 'Accept-Encoding: br, gzip', `${base}${pathname}`]);

/** Rows the floods can add: page views (one per event answered 2xx) and enquiries (one per 201). */
async function countRows(databaseUrl) {
  const { db } = await openDatabase(databaseUrl);
  try {
    const views = await db.selectFrom('analytics_page_views').select(db.fn.countAll().as('n')).executeTakeFirst();
    const enquiries = await db.selectFrom('contact_messages').select(db.fn.countAll().as('n')).executeTakeFirst();
    return { events: Number(views?.n ?? 0), enquiries: Number(enquiries?.n ?? 0) };
  } finally {
    await db.destroy();
  }
}

/** Counts until they stop changing (the analytics writer flushes every second). */
async function settledRows(databaseUrl) {
  let last = await countRows(databaseUrl);
  for (let i = 0; i < 60; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await countRows(databaseUrl);
    if (now.events === last.events && now.enquiries === last.enquiries) return now;
    last = now;
  }
  return last;
}

const floods = [
  { label: 'POST /api/event, one address', path: publicEndpoints.event, many: false, stored: 'events', ok: [200, 202, 204] },
  { label: 'POST /api/event, many addresses', path: publicEndpoints.event, many: true, stored: 'events', ok: [200, 202, 204] },
  { label: 'POST /api/contact, one address', path: publicEndpoints.contact, many: false, stored: 'enquiries', ok: [201] },
  { label: 'POST /api/contact, many addresses', path: publicEndpoints.contact, many: true, stored: 'enquiries', ok: [201] },
];

async function flood(target, spec) {
  const before = await countRows(target.databaseUrl);
  const report = path.join(dir, 'flood.json');
  const flooding = wrk(['-t1', '-c100', `-d${seconds + 1}s`, '-s', floodScript, target.base], {
    FLOOD_PATH: spec.path,
    FLOOD_MANY: spec.many ? '1' : '0',
    FLOOD_REPORT: report,
  });
  // Reading starts once the flood is under way and ends before it does.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const reads = await readPage(target.base, '/', 10, seconds);
  await flooding;
  const statuses = JSON.parse(readFileSync(report, 'utf8'));
  const after = await settledRows(target.databaseUrl);
  const answered = (codes) => codes.reduce((sum, code) => sum + (statuses[code] ?? 0), 0);
  const acknowledged = answered(spec.ok);
  const serverErrors = Object.entries(statuses)
    .filter(([code]) => Number(code) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  const stored = after[spec.stored] - before[spec.stored];
  const other = Object.entries(statuses)
    .filter(([code]) => !spec.ok.includes(Number(code)))
    .map(([code, n]) => `${n} × ${code}`)
    .join(', ');
  return { reads, acknowledged, other: other || '–', serverErrors, missing: Math.max(0, acknowledged - stored), total: answered(Object.keys(statuses)) };
}

const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const stops = [];
try {
  const node = await startNode();
  stops.push(node.stop);
  const caddy = await startCaddy();
  stops.push(caddy.stop);
  // The recipe with two app processes on one PostgreSQL database, when one is given.
  const twoInstances = postgresUrl ? await startCaddy({ name: 'caddy ×2 (PostgreSQL)', databaseUrl: await postgresSchema(postgresUrl), instances: 2 }) : null;
  if (twoInstances) stops.push(twoInstances.stop);
  const floodTargets = [node, caddy, ...(twoInstances ? [twoInstances] : [])];
  const nginx = await startNginx();
  stops.push(nginx.stop);

  const staticRows = [];
  for (const pathname of ['/', '/about']) {
    const row = [`GET ${pathname}`];
    for (const target of [node, caddy, nginx]) {
      await readPage(target.base, pathname, 50, 1);
      const result = await readPage(target.base, pathname, 50, seconds);
      row.push(result.perSecond, `${ms(result.p50)} / ${ms(result.p99)}`);
    }
    staticRows.push(row);
  }
  console.log(`\nStatic pages, 50 keep-alive clients, ${seconds} s each, brotli where offered; ${os.cpus().length} cores shared with wrk:\n`);
  printTable(['Request', 'node req/s', 'node p50 / p99', 'caddy req/s', 'caddy p50 / p99', 'nginx req/s', 'nginx p50 / p99'], staticRows);
  console.log(`${spawnSync(nginxBinary, ['-v'], { encoding: 'utf8' }).stderr.trim()} (gzip_static: Debian's nginx has no brotli module); caddy is HTTPS.`);

  const floodRows = [];
  for (const target of [...floodTargets, nginx]) {
    const alone = await readPage(target.base, '/', 10, seconds);
    floodRows.push([target.name, 'none', ms(alone.p50), ms(alone.p99), '–', '–', '–', '–', '–']);
  }
  for (const spec of floods) {
    for (const target of floodTargets) {
      const result = await flood(target, spec);
      floodRows.push([
        target.name,
        spec.label,
        ms(result.reads.p50),
        ms(result.reads.p99),
        Math.round(result.total / (seconds + 1)),
        result.acknowledged,
        result.other,
        result.serverErrors,
        result.missing,
      ]);
    }
  }
  console.log(
    `\nGET / (10 clients) while 100 clients flood, ${seconds} s each (node and caddy each on a SQLite database of its own${
      twoInstances
        ? '; caddy ×2: two app processes on one PostgreSQL schema'
        : '; no PostgreSQL given (--postgres URL or TEST_DATABASE_URL), so no two-instance rows'
    }):\n`,
  );
  printTable(['Path', 'Flood', 'GET / p50', 'GET / p99', 'flood req/s', 'flood 2xx', 'other answers', '5xx', '2xx not stored'], floodRows);
  console.log('\nTargets: GET / p99 ≤ 50 ms during every flood, 0 × 5xx, every 2xx stored (0 in the last column).');
} finally {
  for (const stop of stops.reverse()) await stop();
  rmSync(dir, { recursive: true, force: true });
}
