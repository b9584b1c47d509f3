#!/usr/bin/env node
// Starts the built site: validated settings, the HTTP front (src/server/http/front.mjs) around Astro's handler,
// sensible timeouts, graceful shutdown. Without PORT it tries 8080 and falls back to any free port, because a fixed
// default may already be taken on the machine.
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SettingsError, settings as readSettings } from '../src/config/settings.mjs';
import { createFront, readCspManifest } from '../src/server/http/front.mjs';
import { freePort, portIsFree } from './free-port.mjs';

let settings;
try {
  settings = readSettings();
} catch (error) {
  if (!(error instanceof SettingsError)) throw error;
  console.error(`${error.message}\nSee "Configuration" in README.md.`);
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist/server/entry.mjs');
if (!existsSync(entry)) {
  console.error('No build found: run "npm run build" first.');
  process.exit(1);
}

const { host } = settings;
const port = settings.port ?? ((await portIsFree(8080, host)) ? 8080 : await freePort(host));

// The adapter runs in middleware mode: it renders routes and nothing else, the front serves files.
const { handler: app } = await import(pathToFileURL(entry).href);
const front = createFront({
  clientDir: path.join(root, 'dist/client'),
  app,
  settings,
  csp: readCspManifest(path.join(root, 'dist/server')),
});

const server = http.createServer(
  {
    // A client that trickles its headers or body is cut off instead of holding a connection for ever.
    headersTimeout: 10_000,
    requestTimeout: 30_000,
    connectionsCheckingInterval: 1_000,
  },
  front,
);
server.keepAliveTimeout = 65_000;
let requestsInProgress = 0;
server.on('request', (_req, res) => {
  requestsInProgress++;
  res.once('close', () => requestsInProgress--);
});
server.listen(port, host, async () => {
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Readiness at boot: opens and migrates the database and starts the e-mail outbox before any visitor arrives.
  const health = await fetch(`${origin}/api/health`).catch((error) => ({ ok: false, statusText: error.message }));
  if (!health.ok) {
    console.error(`Start-up check failed (${health.statusText}): see the error above. Is DATABASE_URL reachable?`);
    process.exit(1);
  }
  console.log(`Site listening on ${origin}`);
});

// Stop taking requests, let those in progress finish (a lead being saved is saved), let the e-mail outbox finish
// what it is sending, close the database, exit; SHUTDOWN_TIMEOUT_MS at most.
// The runtime lives inside Astro's bundle, so it leaves its stop function on globalThis under this one documented
// key (src/server/runtime.ts); it is the only hand-off between this script and the bundle.
const shutdownKey = Symbol.for('hale-digital.shutdown');
let shuttingDown = false;
const shutdown = async () => {
  if (shuttingDown) return;
  shuttingDown = true;
  let timedOut = false;
  const deadline = new Promise((resolve) => setTimeout(resolve, settings.shutdownTimeoutMs).unref()).then(() => (timedOut = true));
  // Stop accepting, wait for the requests in progress (counted here: Node's own idea of an idle keep-alive
  // connection differs between versions), then close every connection that is left.
  server.close();
  while (requestsInProgress > 0 && !timedOut) await new Promise((resolve) => setTimeout(resolve, 20));
  server.closeAllConnections();
  const stopRuntime = globalThis[shutdownKey];
  await Promise.race([stopRuntime?.().catch((error) => console.error('[shutdown]', error)), deadline]);
  process.exit(0);
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
