#!/usr/bin/env node
// Syncs search data now, as the server does each day: this site and then each watched client's site, from Google
// Search Console (GSC_SERVICE_ACCOUNT_FILE; this site's property GSC_PROPERTY, a client's set in the Sites tab) and
// Bing Webmaster Tools (BING_WEBMASTER_API_KEY), 16 months back on a site's first run, then the last 5 days again.
// Prints what each site's source stored. Exits 1 when a source that is set up failed for this site or a client's (a
// property not shared with the service account included). Uses DATABASE_URL like the server.
import { openDatabase } from '../src/server/db/connect.mjs';
import { migrateToLatest } from '../src/server/migrate.mjs';
import { runSearchSync } from '../src/server/features/search/sync.mjs';
import { yieldImportToApi } from '../src/server/features/search/import.mjs';
import { settingsOrExit } from './cli.mjs';

const settings = settingsOrExit();
const { db, kind } = await openDatabase(settings.databaseUrl);
let summary;
try {
  await migrateToLatest(db, kind);
  summary = await runSearchSync({ db, siteUrl: settings.siteUrl, search: settings.search });
  // As the server does after its sync: an imported export gives way on the days the API now covers.
  if (summary.outcome !== 'busy') await yieldImportToApi(db);
} finally {
  await db.destroy();
}

if (summary.outcome === 'busy') {
  console.log('Another sync is in progress (the server, or another command); this one was not started.');
  process.exit(0);
}
console.table(
  summary.sources.map((source) => ({
    site: source.siteName,
    source: source.source,
    state: source.state,
    from: source.from ?? '—',
    to: source.to ?? '—',
    'rows stored': source.rows,
  })),
);
for (const source of summary.sources) console.log(`${source.siteName}, ${source.source}: ${source.message}`);
process.exit(summary.sources.some((source) => source.state === 'error' || source.state === 'unshared') ? 1 : 0);
