/**
 * The Sites view's uptime over a long history: "since" a date only for a site watched for less than 90 days, the
 * first check ever (not the first of the 90 days read), and the 30- and 90-day shares computed here from the rows
 * written. On SQLite and, when TEST_DATABASE_URL is set, PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uptimeText } from '../../src/config/watch';
import { type Db } from '../../src/server/db';
import { siteWithHealth } from '../../src/server/features/watch/health';
import { watchSiteForm } from '../../src/server/features/watch/schema';
import { addSite } from '../../src/server/features/watch/sites';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { createTarget, databaseNames, openTarget, type DatabaseTarget } from '../support/databases';

const dayMs = 86_400_000;

describe.each(databaseNames())('a watched site’s uptime on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db } = await openTarget(target));
    await migrateToLatest(db, name);
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.dispose();
  });

  it('says "over 90 days" for a site watched for longer, from its first check ever', async () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const site = await addSite(
      db,
      watchSiteForm.parse({ url: 'https://long-watched.example', name: 'Long watched' }),
      { allowPrivate: false, allowHosts: [] },
      now - 400 * dayMs,
    );
    // One check a day for 400 days; every seventh found the site down.
    const rows = Array.from({ length: 400 }, (_, i) => ({
      id: `availability-${i}`,
      site_id: site.id,
      kind: 'availability',
      at: now - (400 - i) * dayMs + 3_600_000,
      ok: i % 7 === 0 ? 0 : 1,
      response_ms: 100 + i,
      score: null,
      summary: '',
      evidence: '{}',
    }));
    await db.insertInto('watch_results').values(rows).execute();
    const share = (days: number) => {
      const within = rows.filter((r) => r.at >= now - days * dayMs);
      return within.filter((r) => r.ok === 1).length / within.length;
    };

    const { health } = await siteWithHealth(db, site, now);
    expect(health.firstCheckAt).toBe(rows[0]!.at);
    expect(health.uptime30).toBeCloseTo(share(30), 10);
    expect(health.uptime90).toBeCloseTo(share(90), 10);
    const text = uptimeText(health, now, () => 'a date');
    expect(text).toMatch(/over 90 days$/);
    expect(text).not.toContain('since');
  });
});
