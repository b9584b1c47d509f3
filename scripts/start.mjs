#!/usr/bin/env node
// Starts the built site: validated settings, the HTTP front (src/server/platform/http/front.mjs) around Astro's handler,
// sensible timeouts, graceful shutdown. Without PORT it tries 8080 and falls back to any free port, because a fixed
// default may already be taken on the machine.
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientDirKey, shutdownKey } from '../src/server/platform/handoff.mjs';
import { limitConnections } from '../src/server/platform/http/connections.mjs';
import { createFront, readCspManifest } from '../src/server/platform/http/front.mjs';
import { keyFilePath } from '../src/server/features/indexnow/eligibility.mjs';
import { errorField, log } from '../src/server/platform/log.mjs';
import { healthPath } from '../src/config/endpoints.mjs';
import { preferProductionLibraries } from '../src/config/settings.mjs';
import { projectRoot as root, requireBuild, settingsOrExit } from './cli.mjs';
import { freePort, portIsFree } from './free-port.mjs';

const settings = settingsOrExit();
requireBuild('dist/server/entry.mjs');
const entry = path.join(root, 'dist/server/entry.mjs');

const { host } = settings;
const port = settings.port ?? ((await portIsFree(8080, host)) ? 8080 : await freePort(host));

const clientDir = path.join(root, 'dist/client');
globalThis[clientDirKey] = clientDir;
preferProductionLibraries();
// The adapter runs in middleware mode: it renders routes and nothing else, the front serves files.
const { handler: app } = await import(pathToFileURL(entry).href);
const front = createFront({
  clientDir,
  app,
  settings,
  csp: readCspManifest(path.join(root, 'dist/server')),
  keyFile: settings.indexNow.key ? { path: keyFilePath(settings.indexNow.key), key: settings.indexNow.key } : null,
});

// While draining before a stop, the health check fails and every answer closes its connection, so a load balancer in
// front sends the next requests to another instance instead of to a connection about to close.
let draining = false;
const server = http.createServer(
  {
    // A client that trickles its headers or body is cut off instead of holding a connection for ever.
    headersTimeout: settings.headersTimeoutMs,
    requestTimeout: 30_000,
    connectionsCheckingInterval: 1_000,
  },
  (req, res) => {
    if (draining) {
      res.shouldKeepAlive = false;
      if (req.url === healthPath) {
        res.writeHead(503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Retry-After': '5' });
        return res.end(JSON.stringify({ ok: false, stopping: true }));
      }
    }
    front(req, res);
  },
);
server.keepAliveTimeout = 65_000;
limitConnections(server, {
  headersTimeoutMs: settings.headersTimeoutMs,
  perAddress: settings.connectionsPerAddress,
  countByAddress: settings.trustProxy === 0,
});
let requestsInProgress = 0;
server.on('request', (_req, res) => {
  requestsInProgress++;
  res.once('close', () => requestsInProgress--);
});
server.listen(port, host, async () => {
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  // Readiness at boot: opens and migrates the database and starts the e-mail outbox before any visitor arrives.
  const health = await fetch(`${origin}${healthPath}`).catch((error) => ({ ok: false, statusText: error.message }));
  if (!health.ok) {
    log.error(`Start-up check failed (${health.statusText}): see the error above. Is DATABASE_URL reachable?`);
    log.flush(() => process.exit(1));
    return;
  }
  log.info(`Site listening on ${origin}`);
});

// Stop taking requests, let those in progress finish (a lead being saved is saved), let the e-mail outbox finish
// what it is sending, close the database, exit; SHUTDOWN_TIMEOUT_MS at most.
// The runtime lives inside Astro's bundle, so it leaves its stop function on globalThis (src/server/platform/handoff.mjs).
let shuttingDown = false;
const shutdown = async () => {
  if (shuttingDown) return;
  shuttingDown = true;
  if (settings.shutdownDrainMs > 0) {
    draining = true;
    log.info(`Stopping: draining for ${settings.shutdownDrainMs} ms (health check 503, connections closed after each answer)`);
    await new Promise((resolve) => setTimeout(resolve, settings.shutdownDrainMs));
  }
  // The signal may be handled in the same event-loop turn as a request that had already arrived, before its socket was
  // read: one turn lets that request be parsed and counted, so it is answered, not cut off with the idle connections.
  await new Promise((resolve) => setImmediate(resolve));
  let timedOut = false;
  const deadline = new Promise((resolve) => setTimeout(resolve, settings.shutdownTimeoutMs).unref()).then(() => (timedOut = true));
  // Stop accepting, wait for the requests in progress (counted here: Node's own idea of an idle keep-alive
  // connection differs between versions), then close every connection that is left.
  server.close();
  while (requestsInProgress > 0 && !timedOut) await new Promise((resolve) => setTimeout(resolve, 20));
  server.closeAllConnections();
  const stopRuntime = globalThis[shutdownKey];
  await Promise.race([stopRuntime?.().catch((error) => log.error(errorField(error), '[shutdown] failed')), deadline]);
  // What is still buffered for the log is written before the process ends.
  log.flush(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
