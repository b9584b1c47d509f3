#!/usr/bin/env node
// `npm test`: lint, type check, build, unit, build-output and integration tests, the browser suite against the built
// server, then the server and integration suites again on Node 24 (scripts/node24.mjs).
// Chromium (and Java, for the W3C HTML checker) is found or installed first; if it cannot be, the run fails rather than
// skipping tests.
import { spawnSync } from 'node:child_process';
import { settings } from '../src/config/settings.mjs';
import { ensureChromium, ensureJava } from './browser.mjs';

function run(label, command, args) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

try {
  console.log(`Chromium: ${ensureChromium()}`);
  ensureJava();
} catch (error) {
  console.error(`✗ ${error.message}`);
  process.exit(1);
}
if (settings().testDatabaseUrl) console.log('PostgreSQL tests enabled (TEST_DATABASE_URL is set).');

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
run('Lint (ESLint, Prettier)', 'npm', ['run', 'lint']);
run('Type check (astro check)', npx, ['astro', 'check']);
run('Build', 'npm', ['run', 'build']);
run('Unit and build-output tests (vitest)', npx, ['vitest', 'run']);
run('End-to-end tests in Chromium (playwright)', npx, ['playwright', 'test']);
run('Build, server and integration suites on Node 24', process.execPath, ['scripts/node24.mjs']);
console.log('\n✓ All tests passed');
