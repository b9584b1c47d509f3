/**
 * Migration 0024: this website's reports and report settings, stored under the old key 'this', are read back under the
 * one site id (src/config/sites.mjs), by the report feature's own reads; a client's are left as they were. SQLite and
 * PostgreSQL.
 */
import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thisSiteAlias, thisSiteId } from '../../src/config/sites.mjs';
import type { Db } from '../../src/server/db';
import { openDatabase } from '../../src/server/db';
import { migrations } from '../../src/server/db/migrations/index.mjs';
import { pastDroppedSchemas } from '../../src/server/db/migrator.mjs';
import { monthlyReportId, siteReportSettings } from '../../src/server/features/report/store';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';

/** The last migration before the one id. */
const before = '0023_report_site_contacts';
const clientId = '5b0c7c1e-0000-4000-8000-000000000001';
const now = Date.UTC(2026, 9, 2, 9);

/** A report row as the previous release stored it: its figures name the site by its key. */
const reportRow = (id: string, siteKey: string, month: string) => ({
  id,
  site_key: siteKey,
  month,
  period_from: `${month}-01`,
  period_to: `${month}-30`,
  status: 'draft',
  data: JSON.stringify({ version: 1, site: { key: siteKey, name: 'A site', thisSite: siteKey === thisSiteAlias }, sections: {} }),
  summary: '',
  created_at: now,
  updated_at: now,
  approved_at: null,
  sent_at: null,
  recipient: null,
});

describe.each(databaseNames())('the one site id (migration 0024) on %s', (name) => {
  let target: DatabaseTarget;
  beforeAll(async () => {
    target = await createTarget(name);
  });
  afterAll(async () => target?.dispose());

  it("reads this website's old reports and settings back under the one id, a client's unchanged", async () => {
    // Untyped: the tables as they were before the migration.
    const old = (await openDatabase(target.url, target.options)).db as unknown as Kysely<any>;
    try {
      const migrator = new Migrator({
        db: old,
        provider: { getMigrations: async () => migrations },
        ...(target.options.searchPath && { migrationTableSchema: target.options.searchPath }),
      });
      await pastDroppedSchemas(async () => {
        const { error } = await migrator.migrateTo(before);
        if (error) throw error;
      });
      await old
        .insertInto('reports')
        .values([
          reportRow('r-own-sep', thisSiteAlias, '2026-09'),
          reportRow('r-own-aug', thisSiteAlias, '2026-08'),
          reportRow('r-client', clientId, '2026-09'),
        ])
        .execute();
      await old
        .insertInto('report_site_settings')
        .values([
          { site_key: thisSiteAlias, auto_send: 1, updated_at: now, contact_name: 'Hannah', recipients: '["owner@example.co.uk"]', contents: null },
          { site_key: clientId, auto_send: 0, updated_at: now, contact_name: 'Sarah', recipients: null, contents: null },
        ])
        .execute();
    } finally {
      await old.destroy();
    }

    const { db, kind } = await openDatabase(target.url, target.options);
    try {
      expect(await migrateToLatest(db as unknown as Kysely<any>, kind)).toContain('0024_one_site_id');
      const current = db as Db;
      // The report feature's own reads, by the one id.
      expect(await monthlyReportId(current, thisSiteId, '2026-09')).toBe('r-own-sep');
      expect(await monthlyReportId(current, thisSiteId, '2026-08')).toBe('r-own-aug');
      expect(await monthlyReportId(current, thisSiteAlias, '2026-09')).toBeNull();
      expect(await monthlyReportId(current, clientId, '2026-09')).toBe('r-client');
      const settings = await siteReportSettings(current);
      expect([...settings.keys()].sort()).toEqual([clientId, thisSiteId].sort());
      expect(settings.get(thisSiteId)).toMatchObject({ contactName: 'Hannah', recipients: ['owner@example.co.uk'] });
      expect(settings.get(clientId)).toMatchObject({ contactName: 'Sarah' });
      const autoSend = await current
        .selectFrom('report_site_settings')
        .select(['site_key', 'auto_send'])
        .where('site_key', '=', thisSiteId)
        .executeTakeFirstOrThrow();
      expect(Number(autoSend.auto_send)).toBe(1);
      // The figures stored with each report name the site by the same id.
      const rows = await current.selectFrom('reports').select(['id', 'site_key', 'data']).orderBy('id').execute();
      expect(rows.map((row) => [row.id, row.site_key, (JSON.parse(row.data) as { site: { key: string } }).site.key])).toEqual([
        ['r-client', clientId, clientId],
        ['r-own-aug', thisSiteId, thisSiteId],
        ['r-own-sep', thisSiteId, thisSiteId],
      ]);
    } finally {
      await db.destroy();
    }
  });
});
