#!/usr/bin/env node
// The production server under load, in one run:
//  1. GET / and GET /about (brotli) from this server, and from nginx serving the same dist/client when nginx is
//     installed (Debian: apt-get install nginx-light; it has no brotli module, so it sends its gzip_static files);
//  2. GET / p50/p99 while 100 clients flood POST /api/contact from distinct addresses, with the 5xx count and the
//     number of submissions that were acknowledged (201) but are not in the database.
// Usage: npm run bench:server [-- --seconds 10]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/connect.mjs';
import { freePort, load, ms, printTable, startSite, stopper, waitUntilServing } from './lib.mjs';

const argv = process.argv.slice(2);
const seconds = Number(argv[argv.indexOf('--seconds') + 1] || 10);
const dir = mkdtempSync(path.join(os.tmpdir(), 'hale-bench-server-'));
const databaseUrl = `file:${path.join(dir, 'bench.db')}`;
const brotli = { 'Accept-Encoding': 'br, gzip' };
const staticClients = 50;

function findNginx() {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  return null;
}

async function startNginx(binary) {
  const port = await freePort();
  const root = path.resolve('dist/client');
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
    root ${root};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const child = spawn(binary, ['-c', config, '-g', 'daemon off;'], { stdio: 'inherit' });
  const base = `http://127.0.0.1:${port}`;
  await waitUntilServing(base);
  return { base, stop: stopper(child, 'SIGQUIT') };
}

async function measure(base, pathname) {
  await load({ base, concurrency: staticClients, until: Date.now() + 500, pathname, headers: brotli });
  return load({ base, concurrency: staticClients, until: Date.now() + seconds * 1000, pathname, headers: brotli });
}

const site = await startSite({ DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', SMTP_URL: '' });
const nginxBinary = findNginx();
const nginx = nginxBinary ? await startNginx(nginxBinary) : null;
try {
  const staticRows = [];
  for (const pathname of ['/', '/about']) {
    const ours = await measure(site.base, pathname);
    const theirs = nginx ? await measure(nginx.base, pathname) : null;
    staticRows.push([
      `GET ${pathname}`,
      ours.perSecond,
      `${ms(ours.p50)} / ${ms(ours.p99)}`,
      theirs ? theirs.perSecond : 'not installed',
      theirs ? `${ms(theirs.p50)} / ${ms(theirs.p99)}` : 'not installed',
    ]);
  }
  console.log(`\nStatic pages, ${staticClients} keep-alive clients, ${seconds} s each, ${os.cpus().length} cores (load generator on the same machine):\n`);
  printTable(['Request', 'This server req/s', 'p50 / p99', 'nginx req/s', 'nginx p50 / p99'], staticRows);
  if (nginxBinary) console.log(`${spawnSync(nginxBinary, ['-v'], { encoding: 'utf8' }).stderr.trim()}, gzip_static (no brotli module).`);

  // The flood: 100 clients posting from distinct addresses while 5 clients read the home page.
  const acknowledged = [];
  const until = Date.now() + seconds * 1000;
  const [flood, reads] = await Promise.all([
    load({
      base: site.base,
      concurrency: 100,
      until,
      method: 'POST',
      pathname: '/api/contact',
      okStatus: 201,
      makeBody: () =>
        JSON.stringify({ name: 'Bench Client', email: 'bench@example.com', subject: 'Benchmark enquiry', message: 'Measuring the server under a flood.' }),
      onResponse: (response) => response.status === 201 && acknowledged.push(JSON.parse(response.body).id),
    }),
    load({ base: site.base, concurrency: 5, until, pathname: '/', headers: brotli }),
  ]);
  const { db } = await openDatabase(databaseUrl);
  const stored = new Set((await db.selectFrom('contact_messages').select('id').execute()).map((r) => r.id));
  await db.destroy();
  const missing = acknowledged.filter((id) => !stored.has(id)).length;
  console.log(`\nGET / while 100 clients flood POST /api/contact for ${seconds} s (SQLite):\n`);
  printTable(
    ['Measure', 'Value'],
    [
      ['GET / requests', reads.requests],
      ['GET / p50 / p99', `${ms(reads.p50)} / ${ms(reads.p99)}`],
      ['POST accepted (201)', flood.requests],
      ['POST req/s', flood.perSecond],
      ['POST p50 / p99', `${ms(flood.p50)} / ${ms(flood.p99)}`],
      ['5xx answers', flood.serverErrors + reads.serverErrors],
      ['accepted but missing', missing],
    ],
  );
  console.log('\nTargets: GET / p99 ≤ 50 ms during the flood, 0 × 5xx, 0 missing.');
} finally {
  await nginx?.stop();
  await site.stop();
  rmSync(dir, { recursive: true, force: true });
}
