#!/usr/bin/env node
// Proves the server on Node 24 without touching the system Node: takes Node 24 from the npm registry's `node@24`
// package into .cache/node24, then runs, with it, the suites whose behaviour differs there, against the same build
// (dist/ is the same JavaScript whichever Node made it). What differs on Node 24 is the embedded database's driver
// (Node's built-in `node:sqlite` instead of better-sqlite3) and Node's own HTTP server, so these run on SQLite only:
// PostgreSQL's driver is plain JavaScript and is covered by the main run (the faults suite's PostgreSQL-only tests
// show as skipped here for that reason). `npm test` runs this last; alone it needs `npm run build` first.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { requireBuild } from './cli.mjs';

/** Each suite, and what in it depends on the Node version. */
export const node24Suites = {
  'tests/unit/sqlite-open.test.ts': 'opening a real SQLite file through the driver: WAL, foreign keys, busy retries',
  'tests/integration/db.test.ts': 'every query of the lead pipeline, outbox and limits through the driver',
  'tests/integration/contact-server.test.ts': 'the built server storing and mailing enquiries on node:sqlite',
  'tests/integration/faults.test.ts': 'durability across kill -9 and restarts on node:sqlite',
  'tests/integration/accounts.test.ts': 'the admin command-line scripts on node:sqlite',
  'tests/integration/indexnow.test.ts': 'several processes opening one SQLite file at once',
  'tests/integration/http-front.test.ts': "Node's HTTP server: timeouts, connections, encodings",
  'tests/integration/runtime.test.ts': 'start-up and shutdown of the runtime',
  'tests/integration/backup.test.ts': 'VACUUM INTO and restoring through node:sqlite',
  'tests/integration/upgrade.test.ts': "the previous release's database migrated on node:sqlite",
};

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const cache = path.join(root, '.cache/node24');
const node24 = path.join(cache, 'node_modules/node/bin/node');

requireBuild('dist/server/entry.mjs');
if (!existsSync(node24)) {
  console.log('Installing Node 24 from the npm registry (node@24) into .cache/node24…');
  mkdirSync(cache, { recursive: true });
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', cache, 'node@24'], { cwd: root, stdio: 'inherit' });
}
const version = execFileSync(node24, ['--version'], { encoding: 'utf8' }).trim();
console.log(`Node ${version} at ${path.relative(root, node24)}`);

// SQLite only: an empty TEST_DATABASE_URL counts as unset.
execFileSync(node24, ['node_modules/vitest/vitest.mjs', 'run', ...Object.keys(node24Suites)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: '' },
});
console.log(`✓ Node ${version}: the suites that depend on the Node version passed`);
