#!/usr/bin/env node
// Applies database migrations (the server also does this on start). Uses DATABASE_URL, or data/site.db.
import { settings } from '../src/config/settings.mjs';
import { openDatabase } from '../src/server/db/connect.mjs';
import { migrateToLatest } from '../src/server/migrate.mjs';

const { db, kind } = await openDatabase(settings().databaseUrl);
try {
  const applied = await migrateToLatest(db, kind);
  console.log(`${kind}: ${applied.length ? `applied ${applied.join(', ')}` : 'already up to date'}`);
} finally {
  await db.destroy();
}
