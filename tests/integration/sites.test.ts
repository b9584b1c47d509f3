/**
 * The one registry of sites (src/server/features/sites): this website under its one id, first, and the clients'
 * watched sites, each as a Site; a removed one only on request, an erased one gone. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thisSiteAlias, thisSiteId } from '../../src/config/sites.mjs';
import { siteHosts, siteIdFrom } from '../../src/lib/site-types';
import { type Db, openDatabase } from '../../src/server/db';
import { listSites, siteById } from '../../src/server/features/sites';
import { watchSiteForm } from '../../src/server/features/watch/schema';
import { addSite, ensureOwnSite, eraseSite, removeSite } from '../../src/server/features/watch/sites';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { createTarget, databaseNames, type DatabaseTarget } from '../support/databases';

describe('a site named by hand, and the hosts a site answers on', () => {
  it('reads `this` as this website’s id and any other id as itself', () => {
    expect(siteIdFrom(thisSiteAlias)).toBe(thisSiteId);
    expect(siteIdFrom(thisSiteId)).toBe(thisSiteId);
    expect(siteIdFrom('5b0c7c1e')).toBe('5b0c7c1e');
  });

  it('gives a name with and without www., an address or a bare name alone', () => {
    expect(siteHosts({ url: 'https://www.Bright-Bakery.example/shop' })).toEqual(['www.bright-bakery.example', 'bright-bakery.example']);
    expect(siteHosts({ url: 'https://bright-bakery.example/' })).toEqual(['bright-bakery.example', 'www.bright-bakery.example']);
    expect(siteHosts({ url: 'http://127.0.0.1:8080/' })).toEqual(['127.0.0.1']);
    expect(siteHosts({ url: 'http://localhost/' })).toEqual(['localhost']);
  });
});

describe.each(databaseNames())('the sites registry on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  const policy = { allowPrivate: true, allowHosts: [] };
  beforeAll(async () => {
    target = await createTarget(name);
    ({ db } = await openDatabase(target.url, target.options));
    await migrateToLatest(db, name);
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.dispose();
  });

  it('lists this website first under its one id, then the clients’ sites; a removed one on request, an erased one never', async () => {
    await ensureOwnSite(db, 'https://www.hale-digital.example/about', 'Hale Digital', 1000);
    const shop = await addSite(db, watchSiteForm.parse({ url: 'https://shop.example.co.uk/', name: 'Client shop' }), policy, 2000);
    const cafe = await addSite(db, watchSiteForm.parse({ url: 'https://cafe.example.co.uk/', name: 'Client café' }), policy, 3000);
    expect(await listSites(db)).toEqual([
      { id: thisSiteId, name: 'Hale Digital', url: 'https://www.hale-digital.example/', isThisSite: true },
      { id: shop.id, name: 'Client shop', url: 'https://shop.example.co.uk/', isThisSite: false },
      { id: cafe.id, name: 'Client café', url: 'https://cafe.example.co.uk/', isThisSite: false },
    ]);
    expect(await siteById(db, thisSiteId)).toMatchObject({ id: thisSiteId, isThisSite: true });
    expect(await siteById(db, thisSiteAlias)).toBeNull();

    await removeSite(db, shop.id, 4000);
    expect((await listSites(db)).map((site) => site.id)).toEqual([thisSiteId, cafe.id]);
    expect((await listSites(db, { withRemoved: true })).map((site) => site.id)).toEqual([thisSiteId, shop.id, cafe.id]);
    expect(await siteById(db, shop.id)).toMatchObject({ name: 'Client shop', isThisSite: false });
    await eraseSite(db, shop.id);
    expect(await siteById(db, shop.id)).toBeNull();
  });
});
