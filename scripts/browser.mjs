// Finds the Chromium that tests, screenshots and benchmarks drive; installs Debian's package when it is missing
// and we are root. Fails loudly otherwise: browser checks are never skipped silently.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { settings } from '../src/config/settings.mjs';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const candidates = [settings().chromiumPath, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);

export function findChromium() {
  return candidates.find((p) => existsSync(p));
}

export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.getuid?.() !== 0) {
    throw new Error('Chromium not found. Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.');
  }
  console.log('Chromium not found: installing Debian package "chromium"…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  const installed = findChromium();
  if (!installed) throw new Error('Installing chromium did not provide /usr/bin/chromium.');
  return installed;
}

/**
 * A command from a Debian package: found (on PATH, or at its path), or installed when we are root; otherwise an error
 * naming the package.
 * @param {string} command @param {string} pkg
 */
function ensureDebianCommand(command, pkg) {
  const present = () => spawnSync('sh', ['-c', 'command -v "$0"', command], { stdio: 'ignore' }).status === 0;
  if (present()) return;
  if (process.getuid?.() !== 0) throw new Error(`${command} not found. Install it (Debian: sudo apt-get install ${pkg}).`);
  console.log(`${command} not found: installing Debian package "${pkg}"…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', pkg], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!present()) throw new Error(`Installing ${pkg} did not provide ${command}.`);
}

/** Java runs the W3C HTML checker (vnu) in the build-output tests. */
export const ensureJava = () => ensureDebianCommand('java', 'default-jre-headless');

/** Caddy (Debian's package) fronts the site in `npm run serve:proxied` and its tests. */
export const ensureCaddy = () => ensureDebianCommand('caddy', 'caddy');

/** poppler's pdfinfo reads the tagged structure of the checklist and audit PDFs in the tests. */
export const ensurePdfinfo = () => ensureDebianCommand('pdfinfo', 'poppler-utils');

/** wrk drives HTTP load in the server benchmark (a load generator in Node would measure itself on two cores). */
export const ensureWrk = () => ensureDebianCommand('wrk', 'wrk');

/** nginx serves the same built files beside this server in the server benchmark. */
export const ensureNginx = () => ensureDebianCommand('/usr/sbin/nginx', 'nginx-light');

/** systemd-analyze checks the recipe's units in the tests. */
export const ensureSystemdAnalyze = () => ensureDebianCommand('systemd-analyze', 'systemd');
