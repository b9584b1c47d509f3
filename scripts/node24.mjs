#!/usr/bin/env node
// Proves the server on Node 24 without touching the system Node: takes Node 24 from the npm registry's `node@24`
// package into .cache/node24, lays out a side tree of the committed project sharing this one's node_modules (on
// Node 24 the embedded database is Node's built-in SQLite, so no native addon needs compiling), then builds and runs
// the server and integration suites with Node 24. `npm test` runs it last; `node scripts/node24.mjs` alone works too.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const cache = path.join(root, '.cache/node24');
const node24 = path.join(cache, 'node_modules/node/bin/node');
const tree = path.join(root, '.cache/node24-tree');

const run = (command, args, cwd = tree) => execFileSync(command, args, { cwd, stdio: 'inherit' });

if (!existsSync(node24)) {
  console.log('Installing Node 24 from the npm registry (node@24) into .cache/node24…');
  mkdirSync(cache, { recursive: true });
  run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', cache, 'node@24'], root);
}
const version = execFileSync(node24, ['--version'], { encoding: 'utf8' }).trim();
console.log(`Node ${version} at ${path.relative(root, node24)}`);

// The committed project, as CI's clone has it.
rmSync(tree, { recursive: true, force: true });
mkdirSync(tree, { recursive: true });
for (const file of execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean)) {
  if (!existsSync(path.join(root, file))) continue;
  mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
  cpSync(path.join(root, file), path.join(tree, file));
}

symlinkSync(path.join(root, 'node_modules'), path.join(tree, 'node_modules'));

console.log('Building with Node 24…');
run(node24, ['scripts/generate-artwork.mjs']);
run(node24, ['node_modules/astro/astro.js', 'build']);
run(node24, ['scripts/precompress.mjs']);

console.log('Server and integration suites on Node 24…');
run(node24, ['node_modules/vitest/vitest.mjs', 'run', 'tests/integration']);
console.log(`✓ Node ${version}: build, server and integration suites passed`);
