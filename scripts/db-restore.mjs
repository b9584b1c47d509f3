#!/usr/bin/env node
// `npm run db:restore -- FILE [--force]`: restores a db:backup copy into the database named by DATABASE_URL. A
// database that already has tables is refused unless --force; stop the site before replacing an SQLite file.
import { parseArgs } from 'node:util';
import { BackupError, restoreDatabase } from '../src/server/db/backup.mjs';
import { settingsOrExit } from './cli.mjs';

const usage = 'Usage: npm run db:restore -- FILE [--force]';
let parsed;
try {
  parsed = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${usage}`);
  process.exit(2);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length) {
  console.error(usage);
  process.exit(2);
}
const { databaseUrl } = settingsOrExit();
try {
  const { kind } = await restoreDatabase(databaseUrl, file, { force: parsed.values.force });
  console.log(`Restored ${file} into the ${kind} database. Start the site: it applies any newer migrations.`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}
