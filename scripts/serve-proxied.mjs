#!/usr/bin/env node
// `npm run serve:proxied`: the production recipe on this machine, for tests and benchmarks: Caddy terminating HTTPS
// (its own internal CA) on a free loopback port and serving the built files itself, in front of `npm start` on another
// port, trusted as one proxy. The Caddyfile is the recipe's own (src/server/platform/http/caddyfile.mjs), with `tls
// internal` instead of a domain's certificates.
// Prints one line, the https:// address; Ctrl+C or SIGTERM stops everything. Settings come from the environment as for
// `npm start` (DATABASE_URL and the rest).
//   --port N                  Caddy's port (default: a free one)
//   --instances N             N app processes behind Caddy's load balancer with health checks (one database:
//                             DATABASE_URL, PostgreSQL for several machines); each drains for SHUTDOWN_DRAIN_MS on SIGTERM
//   --trusted-proxies CIDR,…  proxies in front of Caddy (a CDN) whose X-Forwarded-For Caddy keeps; the app then trusts
//                             two proxies
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { healthPath } from '../src/config/endpoints.mjs';
import { caddyfile, recipeDrainMs } from '../src/server/platform/http/caddyfile.mjs';
import { ensureCaddy } from './browser.mjs';
import { projectRoot, requireBuild, staticSnippetPath } from './cli.mjs';
import { freePort } from './free-port.mjs';

requireBuild('dist/server/entry.mjs');
requireBuild('dist/caddy/static.caddy');
ensureCaddy();

const host = '127.0.0.1';
const { values: options } = parseArgs({
  options: { port: { type: 'string' }, instances: { type: 'string', default: '1' }, 'trusted-proxies': { type: 'string' } },
});
const instances = Number(options.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 8) {
  console.error('--instances takes a whole number from 1 to 8.');
  process.exit(2);
}
const trustedProxies = options['trusted-proxies']?.split(',').filter(Boolean) ?? [];
const appPorts = [];
for (let i = 0; i < instances; i++) appPorts.push(await freePort(host));
const port = Number(options.port) || (await freePort(host));
const work = mkdtempSync(path.join(os.tmpdir(), 'hale-caddy-'));
const origin = `https://${host}:${port}`;

// Caddy's own state (its local CA and certificates) stays in the temporary folder, and nothing is installed in the
// system's trust store: clients are given the CA's root certificate (printed path) or told not to verify.
writeFileSync(
  path.join(work, 'Caddyfile'),
  caddyfile({
    siteAddress: origin,
    staticSnippet: staticSnippetPath,
    upstreams: appPorts.map((appPort) => `${host}:${appPort}`),
    trustedProxies,
    local: { storage: path.join(work, 'data') },
  }),
);

const children = [];
let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  rmSync(work, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

let appsRunning = 0;
/** Starts a child; when Caddy or the last app instance stops by itself, everything stops. */
function start(command, args, env, { app = false } = {}) {
  const child = spawn(command, args, { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  if (app) appsRunning++;
  child.once('exit', (code, signal) => {
    if (stopping) return;
    if (app && --appsRunning > 0) {
      // Another instance takes the traffic (Caddy's health checks and retries route around this one).
      console.error(`App instance ${child.pid} stopped (${signal ?? `exit ${code}`}); ${appsRunning} still serving.`);
      return;
    }
    console.error(`${app ? 'The last app instance' : path.basename(command)} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    void stop(1);
  });
  return child;
}

// Each app instance: its own port, trusting Caddy (and the proxies Caddy trusts) for the client address.
const appEnv = (appPort) => ({
  PORT: String(appPort),
  HOST: host,
  TRUST_PROXY: String(1 + (trustedProxies.length > 0 ? 1 : 0)),
  // Behind a load balancer an instance drains before it stops, as in the recipe's unit.
  ...(instances > 1 && { SHUTDOWN_DRAIN_MS: String(recipeDrainMs) }),
});
/** Starts one app instance and resolves once it listens. */
function startApp(appPort) {
  const app = start(process.execPath, ['scripts/start.mjs'], appEnv(appPort), { app: true });
  // The apps' logs go to standard error here: standard output is this script's one line.
  app.stdout.pipe(process.stderr);
  return new Promise((resolve) => {
    const watch = (chunk) => {
      if (String(chunk).includes('Site listening')) {
        app.stdout.off('data', watch);
        console.error(`(App instance: pid ${app.pid}, http://${host}:${appPort})`);
        resolve(app);
      }
    };
    app.stdout.on('data', watch);
  });
}
// One after the other: the first migrates the database, the others find it ready.
for (const appPort of appPorts) await startApp(appPort);
const caddy = start('caddy', ['run', '--config', path.join(work, 'Caddyfile'), '--adapter', 'caddyfile'], {
  XDG_DATA_HOME: work,
  XDG_CONFIG_HOME: work,
  HOME: work,
});
caddy.stdout.pipe(process.stderr);

// Ready when the app answers through Caddy over HTTPS, with a certificate from Caddy's own CA.
const rootCertificate = path.join(work, 'data/pki/authorities/local/root.crt');
const answers = () =>
  new Promise((resolve) => {
    if (!existsSync(rootCertificate)) return resolve(false);
    https
      .get(`${origin}${healthPath}`, { ca: readFileSync(rootCertificate) }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on('error', () => resolve(false));
  });
const deadline = Date.now() + 30_000;
for (;;) {
  if (await answers()) break;
  if (Date.now() > deadline) {
    console.error('Caddy did not answer over HTTPS within 30 s.');
    await stop(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
// The certificate's path first: a reader that waits for the address then finds it (the two streams arrive separately).
console.error(`(Caddy's root certificate: ${rootCertificate})`);
console.log(origin);
