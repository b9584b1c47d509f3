#!/usr/bin/env node
// Starts the built site. PORT and HOST are honoured; without PORT it tries 8080 and falls back to any free port,
// because a fixed default may already be taken on the machine.
import { existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import compression from 'compression';
import { loadStaticFiles, serveStatic } from './static-files.mjs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist/server/entry.mjs');
if (!existsSync(entry)) {
  console.error('No build found: run "npm run build" first.');
  process.exit(1);
}

function portIsFree(port, host) {
  return new Promise((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

function anyFreePort(host) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const host = process.env.HOST ?? '127.0.0.1';
if (!process.env.PORT) {
  process.env.PORT = String((await portIsFree(8080, host)) ? 8080 : await anyFreePort(host));
}

// We run our own HTTP server around Astro's handler: pre-rendered files come from memory, precompressed at build
// time; everything else goes through Astro, compressed on the fly; every response carries the same security headers.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import(pathToFileURL(entry).href);
const compress = compression({ threshold: 1024 });

const securityHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
};

const staticFiles = loadStaticFiles(path.join(root, 'dist/client'));

const contactPath = '/api/contact';
const server = http.createServer((req, res) => {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  // JSON contact posts skip Astro's router (see handleContactNode); form posts wanting a page go through Astro.
  const directContact = globalThis[Symbol.for('hale-digital.contact')];
  if (directContact && req.method === 'POST' && req.url === contactPath && !String(req.headers.accept ?? '').includes('text/html')) {
    void directContact(req, res);
    return;
  }
  try {
    if (serveStatic(staticFiles, req, res)) return;
  } catch {
    // A malformed URL: let Astro answer it.
  }
  compress(req, res, () => handler(req, res));
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), host, async () => {
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${process.env.PORT}`;
  // Readiness at boot: opens and migrates the database and starts the e-mail outbox before any visitor arrives.
  const health = await fetch(`${origin}/api/health`).catch((error) => ({ ok: false, statusText: error.message }));
  if (!health.ok) {
    console.error(`Start-up check failed (${health.statusText}): see the error above. Is DATABASE_URL reachable?`);
    process.exit(1);
  }
  console.log(`Site listening on ${origin}`);
});

// Stop taking requests, let those in progress finish (a lead being saved is saved), let the e-mail outbox finish
// what it is sending, close the database, exit. Ten seconds at most.
let shuttingDown = false;
const shutdown = async () => {
  if (shuttingDown) return;
  shuttingDown = true;
  const deadline = new Promise((resolve) => setTimeout(resolve, 10_000).unref());
  const drained = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  await Promise.race([drained, deadline]);
  const stopRuntime = globalThis[Symbol.for('hale-digital.shutdown')];
  await Promise.race([stopRuntime?.().catch((error) => console.error('[shutdown]', error)), deadline]);
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
