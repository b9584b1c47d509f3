#!/usr/bin/env node
// Syncs search data now, as the server does each day: Google Search Console (GSC_SERVICE_ACCOUNT_FILE, GSC_PROPERTY)
// and Bing Webmaster Tools (BING_WEBMASTER_API_KEY), 16 months back on the first run, then the last 5 days again.
// Prints what each source stored. Exits 1 when a source that is set up failed. Uses DATABASE_URL like the server.
import { openDatabase } from '../src/server/db/connect.mjs';
import { migrateToLatest } from '../src/server/migrate.mjs';
import { runSearchSync } from '../src/server/features/search/sync.mjs';
import { settingsOrExit } from './cli.mjs';

const settings = settingsOrExit();
const { db, kind } = await openDatabase(settings.databaseUrl);
let summary;
try {
  await migrateToLatest(db, kind);
  summary = await runSearchSync({ db, siteUrl: settings.siteUrl, search: settings.search });
} finally {
  await db.destroy();
}

if (summary.outcome === 'busy') {
  console.log('Another sync is in progress (the server, or another command); this one was not started.');
  process.exit(0);
}
console.table(
  Object.fromEntries(
    summary.sources.map((source) => [source.source, { state: source.state, from: source.from ?? '—', to: source.to ?? '—', 'rows stored': source.rows }]),
  ),
);
for (const source of summary.sources) console.log(`${source.source}: ${source.message}`);
process.exit(summary.sources.some((source) => source.state === 'error') ? 1 : 0);
