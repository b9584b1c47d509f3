#!/usr/bin/env node
// `npm run db:backup -- --out FILE`: a consistent copy of the database named by DATABASE_URL, taken while the site
// keeps running. `--dir DIR --keep N` (the nightly timer's form) names the file itself and keeps the newest N there.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupDatabase, backupFileName, backupFolderMode } from '../src/server/db/backup.mjs';
import { describeDatabase } from '../src/server/db/connect.mjs';
import { settingsOrExit } from './cli.mjs';

const usage = 'Usage: npm run db:backup -- --out FILE   or   npm run db:backup -- --dir DIR [--keep N]';
let options;
try {
  ({ values: options } = parseArgs({ options: { out: { type: 'string' }, dir: { type: 'string' }, keep: { type: 'string' } } }));
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
  process.exit(2);
}
const keep = options.keep === undefined ? undefined : Number(options.keep);
if ((!options.out && !options.dir) || (options.out && options.dir) || (keep !== undefined && (!Number.isInteger(keep) || keep < 1))) {
  console.error(usage);
  process.exit(2);
}

const { databaseUrl } = settingsOrExit();
const kind = describeDatabase(databaseUrl).kind;
// A backup holds the auth secret and password hashes: whatever this run creates is the owner's alone.
process.umask(0o077);
if (options.dir) mkdirSync(options.dir, { recursive: true, mode: backupFolderMode });
const out = options.out ?? backupFileName(/** @type {string} */ (options.dir), kind);
try {
  const started = Date.now();
  await backupDatabase(databaseUrl, out);
  console.log(`Backed up the ${kind} database to ${out} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}

if (options.dir && keep !== undefined) {
  // The folder's own backups, oldest first by name (the name carries the time); anything else there is left alone.
  const own = readdirSync(options.dir)
    .filter((name) => /^hale-\d{8}T\d{6}Z\.(sqlite|pgdump)$/.test(name))
    .sort();
  for (const name of own.slice(0, Math.max(0, own.length - keep))) {
    rmSync(path.join(options.dir, name));
    console.log(`Removed the old backup ${name} (keeping ${keep}).`);
  }
}
