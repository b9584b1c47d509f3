#!/usr/bin/env node
// Lets one build serve every stage of a run: `npm run build` ends by writing a stamp of what it was built from (the
// source files and the build-time settings), and `npm test` builds only when the stamp differs, so `npm run setup`
// followed by `npm test` (as CI runs them) builds once.
//   node scripts/build-stamp.mjs write   after a build
//   node scripts/build-stamp.mjs check   exit 0 when dist/ was built from the files as they are now
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildTimeValues } from '../src/config/settings.mjs';
import { projectRoot } from './cli.mjs';

const stampFile = path.join(projectRoot, 'dist/.build-stamp');
/** What a build does not read: tests, benchmarks, documents and CI. */
const notBuildInput = /^(tests|bench|docs|\.ci)\/|\.md$/;

/** The hash of every file a build may read, and of the settings read at build time. */
export function sourceStamp() {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: projectRoot, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && !notBuildInput.test(file))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(projectRoot, file);
    if (!existsSync(full)) continue;
    hash.update(`${file}\0`).update(readFileSync(full)).update('\0');
  }
  for (const value of buildTimeValues()) hash.update(`${value}\0`);
  return hash.digest('hex');
}

export function buildIsCurrent() {
  return existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === sourceStamp();
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(projectRoot, 'scripts/build-stamp.mjs')) {
  const command = process.argv[2];
  if (command === 'write') writeFileSync(stampFile, `${sourceStamp()}\n`);
  else if (command === 'check') process.exit(buildIsCurrent() ? 0 : 1);
  else {
    console.error('Usage: node scripts/build-stamp.mjs write|check');
    process.exit(2);
  }
}
