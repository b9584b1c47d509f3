/**
 * Watched sites: this site (always, from SITE_URL) and the clients' sites the owner adds. A client's address goes
 * through the same address guard as every outbound fetch. Removing a site stops its checks and keeps its history;
 * erasing it deletes the history too.
 */
import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import type { Selectable } from 'kysely';
import { clientKinds, watchDefaults, watchKinds, type WatchKind } from '~/config/watch';
import type { Db } from '../../db';
import type { WatchSiteTable } from '../../db/schema';
import { type AddressPolicy, guardFor, RefusedAddress } from '../sitecheck';
import { SiteCheckError, startUrlFrom } from '../sitecheck';
import { closeAlert } from './alerts';
import type { WatchSiteValues } from './schema';
import { HttpError } from '../../api/http-error';
import type { WatchedSite } from './types';
import { thisSiteId } from '~/config/sites.mjs';

/** Bad input for a site: a 400 whose message (beside its field) is what the owner reads. */
export class WatchInputError extends HttpError {
  constructor(message: string, field = 'url') {
    super(400, message, { errors: { [field]: message } });
  }
}

export function toSite(row: Selectable<WatchSiteTable>): WatchedSite {
  return {
    id: row.id,
    url: row.url,
    name: row.name,
    clientEmail: row.client_email,
    copyClient: Number(row.copy_client) === 1,
    searchProperty: row.search_property,
    isThisSite: Number(row.own) === 1,
    crawlEveryHours: Number(row.crawl_every_hours),
    availabilityEveryMinutes: Number(row.availability_every_minutes),
    kindsOff: (JSON.parse(row.kinds_off) as WatchKind[]).filter((k) => (watchKinds as readonly string[]).includes(k)),
    createdAt: Number(row.created_at),
    removedAt: row.removed_at === null ? null : Number(row.removed_at),
  };
}

/** Host names that can never be a live site (RFC 2606 and 6761): this site's network checks are left out there. */
export function isReservedHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || /\.(example|test|invalid|localhost)$/.test(host) || host === 'example';
}

/** The checks a site gets: a client's site its network checks; this site also its own data's. */
export function kindsOf(site: WatchedSite): WatchKind[] {
  const all: readonly WatchKind[] = site.isThisSite ? watchKinds : clientKinds;
  const offline = site.isThisSite && isReservedHost(new URL(site.url).hostname);
  return all.filter((kind) => !site.kindsOff.includes(kind) && !(offline && clientKinds.includes(kind)));
}

/** How often a check runs, in milliseconds. */
export function everyMs(site: WatchedSite, kind: WatchKind): number {
  if (kind === 'crawl') return site.crawlEveryHours * 3_600_000;
  if (kind === 'availability') return site.availabilityEveryMinutes * 60_000;
  if (kind === 'certificate') return watchDefaults.certificateEveryMinutes * 60_000;
  return watchDefaults.ownDataEveryMinutes * 60_000;
}

/** Makes sure this site is watched, at SITE_URL's address. */
export async function ensureOwnSite(db: Db, siteUrl: string, name: string, now = Date.now()): Promise<void> {
  const url = `${new URL(siteUrl).origin}/`;
  await db
    .insertInto('watch_sites')
    .values({
      id: thisSiteId,
      url,
      name,
      client_email: null,
      copy_client: 0,
      own: 1,
      crawl_every_hours: watchDefaults.crawlEveryHours,
      availability_every_minutes: watchDefaults.availabilityEveryMinutes,
      kinds_off: '[]',
      search_property: null,
      created_at: now,
      updated_at: now,
      removed_at: null,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  await db.updateTable('watch_sites').set({ url, removed_at: null }).where('id', '=', thisSiteId).where('url', '!=', url).execute();
}

/** The address as it is stored (its origin and path), or a WatchInputError saying why it cannot be watched. */
export function watchedAddress(input: string, policy: AddressPolicy): string {
  let url: URL;
  try {
    url = startUrlFrom(input);
  } catch (error) {
    if (error instanceof SiteCheckError) throw new WatchInputError(error.message);
    throw error;
  }
  try {
    guardFor(url, policy);
  } catch (error) {
    if (error instanceof RefusedAddress) throw new WatchInputError(`${error.message}.`);
    throw error;
  }
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) === 0 && !url.hostname.includes('.') && !policy.allowPrivate)
    throw new WatchInputError(`"${url.hostname}" is not a public host name.`);
  return `${url.origin}${url.pathname}`;
}

export async function listSites(db: Db, { withRemoved = false } = {}): Promise<WatchedSite[]> {
  let query = db.selectFrom('watch_sites').selectAll().orderBy('own', 'desc').orderBy('created_at');
  if (!withRemoved) query = query.where('removed_at', 'is', null);
  return (await query.execute()).map(toSite);
}

export async function getSite(db: Db, id: string): Promise<WatchedSite | null> {
  const row = await db.selectFrom('watch_sites').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toSite(row) : null;
}

export async function addSite(db: Db, values: WatchSiteValues, policy: AddressPolicy, now = Date.now()): Promise<WatchedSite> {
  const url = watchedAddress(values.url, policy);
  const same = await db.selectFrom('watch_sites').select('id').where('url', '=', url).where('removed_at', 'is', null).executeTakeFirst();
  if (same) throw new WatchInputError(`${url} is watched already.`);
  const id = randomUUID();
  await db
    .insertInto('watch_sites')
    .values({
      id,
      url,
      name: values.name,
      client_email: values.clientEmail,
      copy_client: values.copyClient && values.clientEmail ? 1 : 0,
      own: 0,
      crawl_every_hours: values.crawlEveryHours,
      availability_every_minutes: values.availabilityEveryMinutes,
      kinds_off: JSON.stringify(values.kindsOff),
      search_property: values.searchProperty ?? null,
      created_at: now,
      updated_at: now,
      removed_at: null,
    })
    .execute();
  return (await getSite(db, id))!;
}

/**
 * Changes a site's name, contact, schedule (from the check after the one due) or switched-off kinds; a kind switched
 * off has its open alerts closed without a message.
 */
export async function updateSite(db: Db, id: string, values: Partial<Omit<WatchSiteValues, 'url'>>, now = Date.now()): Promise<WatchedSite | null> {
  const site = await getSite(db, id);
  if (!site || site.removedAt !== null) return null;
  const clientEmail = values.clientEmail === undefined ? site.clientEmail : values.clientEmail;
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('watch_sites')
      .set({
        ...(values.name !== undefined && { name: values.name }),
        client_email: clientEmail,
        copy_client: (values.copyClient ?? site.copyClient) && clientEmail ? 1 : 0,
        ...(values.crawlEveryHours !== undefined && { crawl_every_hours: values.crawlEveryHours }),
        ...(values.availabilityEveryMinutes !== undefined && { availability_every_minutes: values.availabilityEveryMinutes }),
        ...(values.kindsOff !== undefined && { kinds_off: JSON.stringify(values.kindsOff) }),
        ...(values.searchProperty !== undefined && { search_property: values.searchProperty }),
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    for (const kind of values.kindsOff ?? []) {
      const open = await trx
        .selectFrom('watch_alerts')
        .select('id')
        .where('site_id', '=', id)
        .where('kind', '=', kind)
        .where('open_key', 'is not', null)
        .execute();
      for (const alert of open) await closeAlert(trx, alert.id, now);
    }
  });
  return getSite(db, id);
}

/** Stops watching a client's site; its results and alerts stay until it is erased. Open alerts close quietly. */
export async function removeSite(db: Db, id: string, now = Date.now()): Promise<boolean> {
  if (id === thisSiteId) throw new WatchInputError('This site is always watched; switch off the checks you do not want instead.', 'id');
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('watch_sites')
      .set({ removed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await trx.deleteFrom('watch_schedule').where('site_id', '=', id).execute();
    await trx.updateTable('watch_alerts').set({ open_key: null, closed_at: now }).where('site_id', '=', id).where('open_key', 'is not', null).execute();
    return true;
  });
}

/** Erases a removed site and all its history. */
export async function eraseSite(db: Db, id: string): Promise<boolean> {
  if (id === thisSiteId) throw new WatchInputError('This site is always watched and cannot be erased.', 'id');
  return db.transaction().execute(async (trx) => {
    const site = await trx.selectFrom('watch_sites').select('removed_at').where('id', '=', id).executeTakeFirst();
    if (!site) return false;
    if (site.removed_at === null) throw new WatchInputError('Remove the site first; erasing deletes its history for good.', 'id');
    const alerts = trx.selectFrom('watch_alerts').select('id').where('site_id', '=', id);
    await trx.deleteFrom('watch_webhooks').where('alert_id', 'in', alerts).execute();
    await trx.deleteFrom('watch_alerts').where('site_id', '=', id).execute();
    await trx.deleteFrom('watch_results').where('site_id', '=', id).execute();
    await trx.deleteFrom('watch_schedule').where('site_id', '=', id).execute();
    await trx.deleteFrom('watch_sites').where('id', '=', id).execute();
    return true;
  });
}
