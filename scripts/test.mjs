#!/usr/bin/env node
// `npm test`: lint, type check, build (unless dist/ is current), unit, build-output and integration tests, the browser
// suite against the built server, then the suites whose behaviour differs there on Node 24 (scripts/node24.mjs).
// Chromium, Java (for the W3C HTML checker), Caddy (for the HTTPS front) and pdfinfo (for the PDFs' structure) are found or installed first; if one
// cannot be, the run fails rather than skipping tests.
import { spawnSync } from 'node:child_process';
import { settings } from '../src/config/settings.mjs';
import { ensureCaddy, ensureChromium, ensureJava, ensurePdfinfo } from './browser.mjs';
import { buildIsCurrent } from './build-stamp.mjs';

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;

function run(label, command, args) {
  console.log(`\n▶ ${label}`);
  const stageStarted = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed after ${seconds(stageStarted)}`);
    process.exit(result.status ?? 1);
  }
  // Each stage's time, so where CI spends it is on record.
  console.log(`✓ ${label}: ${seconds(stageStarted)}`);
}

try {
  console.log(`Chromium: ${ensureChromium()}`);
  ensureJava();
  ensureCaddy();
  ensurePdfinfo();
} catch (error) {
  console.error(`✗ ${error.message}`);
  process.exit(1);
}
if (settings().testDatabaseUrl) console.log('PostgreSQL tests enabled (TEST_DATABASE_URL is set).');

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
run('Lint (ESLint, Prettier)', 'npm', ['run', 'lint']);
run('Type check (astro check)', npx, ['astro', 'check']);
// One build serves every stage: `npm run setup` has usually just made it from these very files.
if (buildIsCurrent()) console.log('\n▶ Build: dist/ is current (built from these files and build settings); not built again');
else run('Build', 'npm', ['run', 'build']);
run('Unit and build-output tests (vitest)', npx, ['vitest', 'run']);
run('End-to-end tests in Chromium (playwright)', npx, ['playwright', 'test']);
run('Database, server and start-up suites on Node 24', process.execPath, ['scripts/node24.mjs']);
console.log(`\n✓ All tests passed in ${seconds(started)}`);
