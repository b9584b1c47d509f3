/**
 * A partial edit changes only what it names (issue 39, finding 8), through the built server, on SQLite and
 * PostgreSQL: a watched site added with every setting away from its default, then edited one field at a time through
 * `POST /api/admin/watch/sites/<id>`; each answer, and the list read afterwards, keeps every other setting as it was.
 * (The edit schema was the form's `.partial()`, and zod keeps a `.default()` there: `{ "name": "renamed" }` turned the
 * client's copy off, the schedule back to 24 hours and 5 minutes, and every check switched off on again.)
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from '../../src/config/admin';
import { type WatchKind, watchDefaults, watchKinds, watchSiteBounds } from '../../src/config/watch';
import type { WatchSiteAnswer, WatchSitesAnswer, WatchSite } from '../../src/lib/watch-types';
import { runAdminScript } from '../support/admin-account';
import { CookieClient } from '../support/browser-session';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { createTarget, databaseNames, openTarget, type DatabaseTarget } from '../support/databases';
import { freePort, SiteProcess } from '../support/server';

const owner = { email: 'owner@example.com', password: 'a long and unusual passphrase 8271' };

/** The settings an edit may change, as the admin reads them back. */
const settingsOf = (site: WatchSite) => ({
  name: site.name,
  clientEmail: site.clientEmail,
  copyClient: site.copyClient,
  searchProperty: site.searchProperty,
  crawlEveryHours: site.crawlEveryHours,
  availabilityEveryMinutes: site.availabilityEveryMinutes,
  kindsOff: site.kindsOff,
});

describe.each(databaseNames())('a partial edit of a watched site, on %s', (name) => {
  let target: DatabaseTarget;
  let server: SiteProcess;
  let client: CookieClient;

  beforeAll(async () => {
    expect(existsSync('dist/server/entry.mjs'), 'run "npm run build" first').toBe(true);
    target = await createTarget(name);
    const { db } = await openTarget(target);
    await migrateToLatest(db, name);
    await db.destroy();
    expect(runAdminScript('create', owner.email, owner.password, target.url).stderr).toBe('');
    server = new SiteProcess(await freePort(), { DATABASE_URL: target.url, TRUST_PROXY: 'true', SMTP_URL: '' });
    await server.start();
    client = new CookieClient(server.base, { 'X-Forwarded-For': '203.0.113.61', 'User-Agent': 'Mozilla/5.0 Chrome/140.0' });
    expect(await client.json('/api/auth/sign-in', owner)).toEqual({ status: 200, body: { ok: true } });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await target?.dispose();
  });

  it('changes only the field it names; every other setting stays as the owner left it', async () => {
    // Every setting away from its default, so a default put back by an edit shows.
    const chosen: {
      name: string;
      clientEmail: string;
      copyClient: boolean;
      searchProperty: string;
      crawlEveryHours: number;
      availabilityEveryMinutes: number;
      kindsOff: WatchKind[];
    } = {
      name: 'Client shop',
      clientEmail: 'client@shop.example',
      copyClient: true,
      searchProperty: 'sc-domain:shop.example',
      crawlEveryHours: watchSiteBounds.crawlEveryHoursMin,
      availabilityEveryMinutes: watchSiteBounds.availabilityEveryMinutesMin,
      kindsOff: [watchKinds[1]!, watchKinds[3]!],
    };
    expect(chosen.crawlEveryHours).not.toBe(watchDefaults.crawlEveryHours);
    expect(chosen.availabilityEveryMinutes).not.toBe(watchDefaults.availabilityEveryMinutes);
    const added = await client.json(adminApi.watch.sites, { url: 'https://www.shop.example/', ...chosen });
    expect(added.status).toBe(201);
    const id = (added.body as unknown as WatchSiteAnswer).site.id;
    expect(settingsOf((added.body as unknown as WatchSiteAnswer).site)).toEqual(chosen);

    const edits: Partial<typeof chosen>[] = [
      { name: 'renamed' },
      { clientEmail: 'accounts@shop.example' },
      { copyClient: false },
      { searchProperty: 'https://www.shop.example/' },
      { crawlEveryHours: 12 },
      { availabilityEveryMinutes: 30 },
      { kindsOff: [watchKinds[2]!] },
      {},
    ];
    let expected = { ...chosen };
    for (const edit of edits) {
      const answer = await client.json(adminApi.watch.site(id), edit);
      expect(answer.status, JSON.stringify(edit)).toBe(200);
      expected = { ...expected, ...edit };
      expect(settingsOf((answer.body as unknown as WatchSiteAnswer).site), JSON.stringify(edit)).toEqual(expected);
    }
    const listed = ((await (await client.request(adminApi.watch.sites)).json()) as WatchSitesAnswer).sites.find((site) => site.id === id)!;
    expect(settingsOf(listed)).toEqual(expected);
  });
});
