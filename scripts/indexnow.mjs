#!/usr/bin/env node
// Submits the pages of the build that changed since they were last submitted (and those that left the sitemap) to
// IndexNow, as the server does on start; prints what was sent and what the endpoint answered. Exits 1 when a
// submission was refused or failed. Uses DATABASE_URL, SITE_URL and the INDEXNOW_* settings like the server.
import path from 'node:path';
import { openDatabase } from '../src/server/db/connect.mjs';
import { migrateToLatest } from '../src/server/migrate.mjs';
import { runIndexNow } from '../src/server/features/indexnow/run.mjs';
import { projectRoot, requireBuild, settingsOrExit } from './cli.mjs';
import { plural } from '../src/lib/plural.mjs';

const settings = settingsOrExit();
requireBuild('dist/client/sitemap-pages.xml');
const clientDir = path.join(projectRoot, 'dist/client');

const { db, kind } = await openDatabase(settings.databaseUrl);
let summary;
try {
  await migrateToLatest(db, kind);
  summary = await runIndexNow({ db, clientDir, siteUrl: settings.siteUrl, indexNow: settings.indexNow }, { trigger: 'command' });
} finally {
  await db.destroy();
}

console.log(summary.message);
if (summary.outcome !== 'off' && summary.outcome !== 'busy') {
  console.table({ 'new or changed': summary.changed, 'left the sitemap': summary.removed, accepted: summary.sent });
  for (const submission of summary.submissions) {
    const answer = submission.status ?? 'no answer';
    console.log(
      `${submission.outcome} · ${answer} · ${plural(submission.urls.length, 'URL', 'URLs')} · ${plural(submission.attempts, 'try', 'tries')} · ${submission.message}`,
    );
  }
}
process.exit(summary.outcome === 'rejected' || summary.outcome === 'failed' ? 1 : 0);
