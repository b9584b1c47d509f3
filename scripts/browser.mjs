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

/** Java runs the W3C HTML checker (vnu) in the build-output tests; found on PATH or installed like Chromium. */
export function ensureJava() {
  const hasJava = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
  if (hasJava()) return;
  if (process.getuid?.() !== 0) throw new Error('Java not found. Install it (Debian: sudo apt-get install default-jre-headless).');
  console.log('Java not found: installing Debian package "default-jre-headless"…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'default-jre-headless'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (!hasJava()) throw new Error('Installing default-jre-headless did not provide java.');
}
