#!/usr/bin/env node
// `npm test`: type check, build, unit and build-output tests, then the browser suite against the built server.
// Chromium is found or installed first; if it cannot be, the run fails rather than skipping the e2e tests.
import { spawnSync } from 'node:child_process';
import { ensureChromium } from './browser.mjs';

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
} catch (error) {
  console.error(`✗ ${error.message}`);
  process.exit(1);
}
if (process.env.TEST_DATABASE_URL) console.log('PostgreSQL tests enabled (TEST_DATABASE_URL is set).');

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
run('Type check (astro check)', npx, ['astro', 'check']);
run('Build', 'npm', ['run', 'build']);
run('Unit and build-output tests (vitest)', npx, ['vitest', 'run']);
run('End-to-end tests in Chromium (playwright)', npx, ['playwright', 'test']);
console.log('\n✓ All tests passed');
