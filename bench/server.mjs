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
//  3. Slow uploads: one client keeps four POST /api/contact open, each sending its 20,000-byte body a byte every 2 s
//     (and reconnecting when refused), while another client's writes (an enquiry, a sign-in) are timed one after the
//     other, on node and caddy. Target: each answered in under a second.
//  4. Hostile audit (issue 39): a visitor's free audit of a local site serving a ~5 MB robots.txt, a sitemap index of
//     ten ~5 MB sitemaps and ~5 MB pages (tests/support/hostile-site.mjs), on node, while one client sends GET / after GET /
//     (20 ms between an answer and the next request). Target: GET / p99 ≤ 50 ms and the
//     server's RSS growth ≤ 150 MB during the audit.
//  5. Report-link flood (issue 39): 20 connections of one address ask for made-up report links (a random 43-character
//     token each, bench/wrk/page-flood.lua), then made-up blog posts, on node, while another client reads GET / and
//     GET /blog (rendered on demand). Target: GET / p99 ≤ 50 ms during the flood.
// Usage: npm run bench:server [-- --seconds 10] [--postgres postgres://…]
//   [--scenario all|static|floods|slow-uploads|hostile-audit|report-link-flood]
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { writeAdmission } from '../src/server/platform/http/admission-limits.mjs';
import { analyticsEndpoint } from '../src/config/analytics-wire.mjs';
import { publicEndpoints } from '../src/config/endpoints.mjs';
import { openDatabase } from '../src/server/db/connect.mjs';
import { ensureCaddy, ensureNginx, ensureWrk } from '../scripts/browser.mjs';
import { requireBuild } from '../scripts/cli.mjs';
import { startHostileSite } from '../tests/support/hostile-site.mjs';
import { freePort, median, nextAddress, printTable, startSite, stopper, waitUntilServing, wrk } from './lib.mjs';

requireBuild('dist/caddy/static.caddy');

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    postgres: { type: 'string', default: process.env.TEST_DATABASE_URL ?? '' },
    scenario: { type: 'string', default: 'all' },
  },
});
const scenarios = ['static', 'floods', 'slow-uploads', 'hostile-audit', 'report-link-flood'];
if (values.scenario !== 'all' && !scenarios.includes(values.scenario)) throw new Error(`--scenario: all or one of ${scenarios.join(', ')}`);
const runs = (/** @type {string} */ name) => values.scenario === 'all' || values.scenario === name;
// The scenarios share the node and caddy servers, but for the hostile audit, which starts a server of its own.
const shared = ['static', 'floods', 'slow-uploads', 'report-link-flood'].some(runs);
if (shared) ensureCaddy();
// wrk and nginx only for the scenarios that use them (the slow uploads are driven from here).
if (runs('static') || runs('floods')) {
  ensureWrk();
  ensureNginx();
}
if (runs('report-link-flood')) ensureWrk();
const seconds = Number(values.seconds);
const postgresUrl = values.postgres;
const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-bench-server-'));
const floodScript = path.resolve('bench/wrk/flood.lua');
const pageFloodScript = path.resolve('bench/wrk/page-flood.lua');
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
  { label: 'POST /api/event, one address', path: analyticsEndpoint, many: false, stored: 'events', ok: [200, 202, 204] },
  { label: 'POST /api/event, many addresses', path: analyticsEndpoint, many: true, stored: 'events', ok: [200, 202, 204] },
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

/**
 * One slow upload after another on one connection's worth of the client's time until `until`: POST /api/contact
 * declaring 20,000 bytes and sending one every `everyMs`; a new one when the server answers or closes. Resolves with
 * the answers' status codes and how long each took.
 */
async function slowUploads(base, address, until, everyMs = 2000) {
  const url = new URL(base);
  const answers = [];
  while (Date.now() < until) {
    answers.push(
      await new Promise((resolve) => {
        const started = Date.now();
        const options = { host: url.hostname, port: Number(url.port), rejectUnauthorized: false };
        const socket =
          url.protocol === 'https:' ? tls.connect({ ...options, ...(!net.isIP(url.hostname) && { servername: url.hostname }) }) : net.connect(options);
        let data = '';
        const drip = setInterval(() => socket.writable && socket.write(' '), everyMs);
        const stop = setTimeout(() => socket.destroy(), Math.max(0, until - Date.now()));
        const done = () => {
          clearInterval(drip);
          clearTimeout(stop);
          resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), ms: Date.now() - started });
        };
        socket.on('error', () => undefined);
        socket.on('data', (chunk) => {
          data += chunk;
          if (/^HTTP\/1\.1 \d{3}/.test(data)) socket.destroy();
        });
        socket.on('close', done);
        socket.write(
          `POST ${publicEndpoints.contact} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nX-Forwarded-For: ${address}\r\nContent-Length: 20000\r\n\r\n{`,
        );
      }),
    );
  }
  return answers;
}

/** One write from a new client address; resolves with its status and time. */
function timedWrite(base, pathname, body) {
  const url = new URL(base);
  const client = url.protocol === 'https:' ? https : http;
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const elapsed = () => Number(process.hrtime.bigint() - started) / 1e6;
    const req = client.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: pathname,
        rejectUnauthorized: false,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload), 'X-Forwarded-For': nextAddress(), Origin: base },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: elapsed() }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: elapsed() }));
    req.end(payload);
  });
}

const timedWrites = [
  {
    label: 'POST /api/contact (an enquiry)',
    path: publicEndpoints.contact,
    body: () => ({
      name: 'Jane Smith',
      email: `jane.${Math.random().toString(36).slice(2)}@example.com`,
      subject: 'Website help',
      message: 'Please help me with SEO.',
    }),
  },
  {
    label: 'POST /api/auth/sign-in (wrong password)',
    path: publicEndpoints.signIn,
    body: () => ({ email: 'nobody@example.com', password: 'not the password at all' }),
  },
];

/** Four slow uploads of one client while each of `timedWrites` is sent by other clients, one at a time. */
async function underSlowUploads(target) {
  const rows = [];
  for (const write of timedWrites) {
    const until = Date.now() + (seconds + 1) * 1000;
    const attacker = nextAddress();
    const uploads = Promise.all(Array.from({ length: writeAdmission.concurrent }, () => slowUploads(target.base, attacker, until)));
    // The uploads are under way (their headers sent, their bodies trickling) before the first write is timed.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const times = [];
    const statuses = {};
    while (Date.now() < until - 250) {
      const answer = await timedWrite(target.base, write.path, write.body());
      times.push(answer.ms);
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    }
    const slow = (await uploads).flat();
    const answered = slow.filter((upload) => upload.status);
    /** @type {Record<string, number>} */
    const byStatus = {};
    for (const upload of answered) byStatus[upload.status] = (byStatus[upload.status] ?? 0) + 1;
    const slowStatuses = Object.entries(byStatus).map(([code, n]) => `${n} × ${code}`);
    rows.push([
      target.name,
      write.label,
      times.length,
      ms(median(times)),
      ms(Math.max(...times)),
      Object.entries(statuses)
        .map(([code, n]) => `${n} × ${code}`)
        .join(', '),
      `${slowStatuses.join(', ') || 'none'}${answered.length ? ` after ${ms(median(answered.map((upload) => upload.ms)))}` : ''}`,
    ]);
  }
  return rows;
}
/** The server's resident memory (MB), from /proc. @param {number} pid */
function rssMb(pid) {
  const kb = Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Scenario 4: one free audit of the hostile site, started as the page's script does, while one client sends GET / after
 * GET / and the server's RSS is sampled every 100 ms, until the audit is done or failed (2 minutes at most).
 */
async function hostileAudit() {
  const hostile = await startHostileSite();
  const databaseUrl = `file:${path.join(dir, 'hostile.db')}`;
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      TRUST_PROXY: '1',
      SMTP_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Both hosts allowed, so only the checker's own rules keep it off the other one.
      SITE_CHECK_ALLOW_HOSTS: [hostile.host, hostile.other.host].join(','),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopServer = stopper(child);
  const base = `http://127.0.0.1:${port}`;
  const { db } = await openDatabase(databaseUrl);
  try {
    await waitUntilServing(base);
    const agent = new http.Agent({ keepAlive: true });
    const home = () =>
      new Promise((resolve) => {
        const started = process.hrtime.bigint();
        const req = http.get(`${base}/`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
        });
        req.on('error', () => resolve(Number.POSITIVE_INFINITY));
      });
    // Warm-up: the first answers of a new process are not its pace; then the same visitor for 10 s with nothing else
    // going on (the machine's own noise), then the memory the server settles at.
    for (let i = 0; i < 200; i++) await home();
    /** @type {number[]} */
    const alone = [];
    for (const until = Date.now() + 10_000; Date.now() < until;) {
      alone.push(await home());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    alone.sort((a, b) => a - b);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssBefore = rssMb(/** @type {number} */ (child.pid));
    const response = await fetch(`${base}${publicEndpoints.audit}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Origin: base, 'X-Forwarded-For': nextAddress() },
      body: JSON.stringify({ url: hostile.origin, elapsed: '5000' }),
    });
    const answer = await response.json();
    if (!answer.ok) throw new Error(`the audit did not start: ${JSON.stringify(answer)}`);
    const started = Date.now();
    /** @type {number[]} */
    const latencies = [];
    let rssPeak = rssBefore;
    let auditing = true;
    // One visitor after another: a request, its answer, 20 ms, the next.
    const sending = (async () => {
      while (auditing) {
        latencies.push(await home());
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const sampling = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(/** @type {number} */ (child.pid)))), 100);
    let row;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      row = await db.selectFrom('audits').select(['status', 'pages', 'score', 'message', 'report']).where('id', '=', answer.id).executeTakeFirst();
      if (row?.status === 'done' || row?.status === 'failed' || Date.now() - started > 120_000) break;
    }
    auditing = false;
    await sending;
    clearInterval(sampling);
    const seconds = (Date.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    agent.destroy();
    const at = (/** @type {number} */ share, list = latencies) => list[Math.min(list.length - 1, Math.floor(list.length * share))] ?? 0;
    const findings = row?.report ? /** @type {{ rule: string }[]} */ (JSON.parse(row.report).findings) : [];
    const budgetRules = [...new Set(findings.map((f) => f.rule).filter((rule) => /too-large|budget/.test(rule)))].join(', ') || '–';
    const pageMb = (hostile.pageBytes / 1024 / 1024).toFixed(1);
    console.log(
      `\nHostile audit (a ~5 MB robots.txt, an index of 10 × ~5 MB sitemaps, pages of ${pageMb} MB) on node; one client's GET / after GET / (20 ms apart):\n`,
    );
    printTable(
      ['Audit', 'time', 'GET / sent', 'p50', 'p95', 'p99', 'max', 'GET / over 1 s', 'server RSS before → peak', 'growth', 'other host asked'],
      [
        [
          'none (10 s alone)',
          '10 s',
          alone.length,
          ms(at(0.5, alone)),
          ms(at(0.95, alone)),
          ms(at(0.99, alone)),
          ms(alone.at(-1) ?? 0),
          alone.filter((value) => value > 1000).length,
          '–',
          '–',
          '–',
        ],
        [
          `${row?.status ?? 'unfinished'}, ${row?.pages ?? 0} pages, score ${row?.score ?? '–'} (${budgetRules})`,
          `${seconds.toFixed(1)} s`,
          latencies.length,
          ms(at(0.5)),
          ms(at(0.95)),
          ms(at(0.99)),
          ms(latencies.at(-1) ?? 0),
          latencies.filter((value) => value > 1000).length,
          `${rssBefore.toFixed(0)} → ${rssPeak.toFixed(0)} MB`,
          `${(rssPeak - rssBefore).toFixed(0)} MB`,
          hostile.other.hits,
        ],
      ],
    );
    if (row?.message) console.log(`The audit's message: ${row.message}`);
    console.log('\nTargets: GET / p99 ≤ 50 ms and server RSS growth ≤ 150 MB during the audit; the other host never asked.');
  } finally {
    await db.destroy();
    await stopServer();
    await hostile.stop();
  }
}

/**
 * GET `pathname` (10 clients, the bench's own address) while 20 connections of one other address ask for made-up
 * pages under `prefix` (or alone when `prefix` is null); the flood's answers by status.
 */
async function pageFlood(target, prefix, pathname) {
  const report = path.join(dir, 'page-flood.json');
  rmSync(report, { force: true });
  const flooding = prefix
    ? wrk(['-t1', '-c20', `-d${seconds + 1}s`, '-s', pageFloodScript, target.base], {
        FLOOD_PREFIX: prefix,
        FLOOD_ADDRESS: '198.51.100.77',
        FLOOD_REPORT: report,
      })
    : null;
  if (flooding) await new Promise((resolve) => setTimeout(resolve, 500));
  const reads = await readPage(target.base, pathname, 10, seconds);
  await flooding;
  const statuses = flooding ? JSON.parse(readFileSync(report, 'utf8')) : {};
  const total = Object.values(statuses).reduce((sum, n) => sum + Number(n), 0);
  return {
    reads,
    perSecond: Math.round(total / (seconds + 1)),
    statuses:
      Object.entries(statuses)
        .map(([code, n]) => `${n} × ${code}`)
        .join(', ') || '–',
  };
}

const stops = [];
try {
  if (runs('hostile-audit')) await hostileAudit();
  const node = shared ? await startNode() : null;
  if (node) stops.push(node.stop);
  const caddy = shared ? await startCaddy() : null;
  if (caddy) stops.push(caddy.stop);
  // The recipe with two app processes on one PostgreSQL database, when one is given.
  const twoInstances =
    postgresUrl && runs('floods') ? await startCaddy({ name: 'caddy ×2 (PostgreSQL)', databaseUrl: await postgresSchema(postgresUrl), instances: 2 }) : null;
  if (twoInstances) stops.push(twoInstances.stop);
  const floodTargets = [node, caddy, ...(twoInstances ? [twoInstances] : [])];
  const nginx = runs('static') || runs('floods') ? await startNginx() : null;
  if (nginx) stops.push(nginx.stop);

  if (runs('static')) {
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
  }

  if (runs('floods')) {
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
  }

  if (runs('slow-uploads')) {
    const slowRows = [];
    for (const target of [node, caddy]) slowRows.push(...(await underSlowUploads(target)));
    console.log(
      `\nWrites of other clients while one client holds ${writeAdmission.concurrent} slow uploads (POST /api/contact, 20,000 bytes declared, a byte every 2 s, reconnecting when answered), ${seconds} s each:\n`,
    );
    printTable(['Path', 'Write timed (a new client each)', 'writes', 'p50', 'max', 'answers', 'slow uploads answered'], slowRows);
    console.log('\nTarget: every write answered in under 1 s (the slow uploads hold no write place).');
  }
  if (runs('report-link-flood')) {
    const rows = [];
    for (const [label, prefix] of [
      ['none', null],
      ['made-up report links', '/reports/'],
      ['made-up blog posts', '/blog/'],
    ]) {
      for (const pathname of ['/', '/blog']) {
        const result = await pageFlood(node, prefix, pathname);
        rows.push([
          label,
          `GET ${pathname}`,
          result.reads.perSecond,
          ms(result.reads.p50),
          ms(result.reads.p99),
          prefix ? result.perSecond : '–',
          result.statuses,
        ]);
      }
    }
    console.log(
      `\nPages of another client (10 clients) while one address floods made-up on-demand pages over 20 connections, ${seconds} s each (node, SQLite):\n`,
    );
    printTable(['Flood (one address, 20 connections)', 'Read (another client)', 'req/s', 'p50', 'p99', 'flood req/s', 'flood answers'], rows);
    console.log('\nTarget: GET / p99 ≤ 50 ms while made-up report links flood.');
  }
} finally {
  for (const stop of stops.reverse()) await stop();
  rmSync(dir, { recursive: true, force: true });
}
