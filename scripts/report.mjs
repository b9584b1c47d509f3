#!/usr/bin/env node
// The monthly client report as a PDF, from the command line, as the schedule makes it, without sending it:
//   npm run report -- --site this|URL --month YYYY-MM --out FILE.pdf
// `--site this` is this website; a URL names a watched site. Uses DATABASE_URL like the server (migrations applied
// first). Prints what each part of the report holds; exits 1 on bad arguments or an unknown site.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createJiti } from 'jiti';
import { projectRoot, settingsOrExit } from './cli.mjs';

const usage = 'Usage: npm run report -- --site this|URL --month YYYY-MM --out FILE.pdf';
let values;
try {
  ({ values } = parseArgs({ options: { site: { type: 'string' }, month: { type: 'string' }, out: { type: 'string' } } }));
} catch {
  values = {};
}
if (!values.site || !values.month || !values.out) {
  console.error(usage);
  process.exit(1);
}
settingsOrExit();

// The report is written by the server's TypeScript modules, loaded as the benches load them.
const jiti = createJiti(import.meta.url, { alias: { '~': path.join(projectRoot, 'src') } });
const { openDatabase } = await jiti.import('../src/server/db/index.ts');
const { migrateToLatest } = await jiti.import('../src/server/migrate.mjs');
const { readServerConfig } = await jiti.import('../src/server/platform/server-config.ts');
const { reportSources } = await jiti.import('../src/server/features/report/sources.ts');
const { CommandError, reportForCommand } = await jiti.import('../src/server/features/report/command.ts');
const { settings } = await jiti.import('../src/config/settings.mjs');

const config = readServerConfig();
const { db, kind } = await openDatabase(config.databaseUrl);
let result;
try {
  await migrateToLatest(db, kind);
  result = await reportForCommand({ db, sources: reportSources(db, { siteUrl: settings().siteUrl, ownerEmail: config.contactTo }) }, values);
} catch (error) {
  if (!(error instanceof CommandError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
if (result) {
  writeFileSync(values.out, result.pdf);
  const { data } = result;
  console.log(`${data.site.name}, ${data.period.label}: ${values.out} (${result.pdf.length.toLocaleString('en-GB')} bytes)`);
  if (result.stored === 'sent') console.log('Written as it was sent.');
  console.table(
    Object.fromEntries(Object.entries(data.sections).map(([name, section]) => [name, section.available ? 'figures' : `no data: ${section.reason}`])),
  );
}
