/**
 * Reports kept in the database: made (monthly ones once per site and month), listed, read, their summary written,
 * approved and sent once; and the client's links (only a token's hash is stored; a link expires and can be withdrawn).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { type ReportContentId, reportContentIds, reportLimits } from '~/config/report';
import { type ReportData, reportDataSchema, type ReportLinkView, type ReportListItem, type ReportStatus, type ReportView } from '~/lib/report-types';
import { ungroundedFigures } from '~/lib/report-layout';
import { dayMs } from '~/lib/days.mjs';
import type { Db } from '../../db';
import type { Database, ReportTable } from '../../db/schema';

type Executor = Db | Transaction<Database>;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
/** What the admin names a link by: the first characters of its hash (never the token, which is shown once). */
const linkId = (hash: string) => hash.slice(0, 16);

const parse = (row: Pick<ReportTable, 'data'>): ReportData => reportDataSchema.parse(JSON.parse(row.data));

/**
 * Stores a new report. A monthly one is claimed by its (site, month): when that report exists already (another
 * process made it first), nothing is written and null is returned.
 */
export async function insertReport(db: Executor, data: ReportData, now = Date.now()): Promise<string | null> {
  const id = randomUUID();
  const result = await db
    .insertInto('reports')
    .values({
      id,
      site_key: data.site.key,
      month: data.period.month,
      period_from: data.period.from,
      period_to: data.period.to,
      status: 'draft',
      data: JSON.stringify(data),
      summary: '',
      created_at: now,
      updated_at: now,
      approved_at: null,
      sent_at: null,
      recipient: null,
    })
    .onConflict((conflict) => conflict.columns(['site_key', 'month']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return result?.id ?? null;
}

export async function monthlyReportId(db: Executor, siteKey: string, month: string): Promise<string | null> {
  const row = await db.selectFrom('reports').select('id').where('site_key', '=', siteKey).where('month', '=', month).executeTakeFirst();
  return row?.id ?? null;
}

/** Replaces a draft's figures (read again); a sent report is kept as it was sent. */
export async function replaceDraftData(db: Executor, id: string, data: ReportData, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('reports')
    .set({ data: JSON.stringify(data), updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function listReports(db: Db, siteNames: Map<string, string>): Promise<ReportListItem[]> {
  const rows = await db
    .selectFrom('reports')
    .select(['id', 'site_key', 'data', 'status', 'created_at', 'sent_at', 'recipient'])
    .orderBy('created_at', 'desc')
    .limit(reportLimits.listed)
    .execute();
  return rows.flatMap((row) => {
    const name = siteNames.get(row.site_key);
    // A report of an erased site is no longer listed (nor opened).
    if (name === undefined) return [];
    const data = parse(row);
    return [
      {
        id: row.id,
        siteKey: row.site_key,
        siteName: name,
        period: data.period,
        status: row.status as ReportStatus,
        createdAt: Number(row.created_at),
        sentAt: row.sent_at === null ? null : Number(row.sent_at),
        recipient: row.recipient,
      },
    ];
  });
}

export async function readReport(db: Db, id: string): Promise<ReportView | null> {
  const row = await db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const links = await db.selectFrom('report_links').selectAll().where('report_id', '=', id).orderBy('created_at', 'desc').execute();
  const data = parse(row);
  return {
    id: row.id,
    status: row.status as ReportStatus,
    data,
    summary: row.summary,
    summaryProblems: ungroundedFigures(row.summary, data),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    sentAt: row.sent_at === null ? null : Number(row.sent_at),
    recipient: row.recipient,
    links: links.map((link): ReportLinkView => ({
      id: linkId(link.token_hash),
      createdAt: Number(link.created_at),
      expiresAt: Number(link.expires_at),
      revokedAt: link.revoked_at === null ? null : Number(link.revoked_at),
    })),
  };
}

export async function reportSiteKey(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('reports').select('site_key').where('id', '=', id).executeTakeFirst();
  return row?.site_key ?? null;
}

/** Writes the summary of a report not yet sent; false when it was sent (kept as sent) or is gone. */
export async function writeSummary(db: Db, id: string, summary: string, now = Date.now()): Promise<boolean> {
  const result = await db.updateTable('reports').set({ summary, updated_at: now }).where('id', '=', id).where('status', '!=', 'sent').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A new link to the report for its client; the token is returned once and only its hash kept. */
export async function createLink(db: Executor, reportId: string, now = Date.now()): Promise<{ token: string; link: ReportLinkView }> {
  const token = randomBytes(32).toString('base64url');
  const hash = tokenHash(token);
  const expiresAt = now + reportLimits.linkDays * dayMs;
  await db.insertInto('report_links').values({ token_hash: hash, report_id: reportId, created_at: now, expires_at: expiresAt, revoked_at: null }).execute();
  return { token, link: { id: linkId(hash), createdAt: now, expiresAt, revokedAt: null } };
}

/** Withdraws a link (by the id the admin shows); false when the report has no such link. */
export async function revokeLink(db: Db, reportId: string, id: string, now = Date.now()): Promise<boolean> {
  if (!/^[0-9a-f]{16}$/.test(id)) return false;
  const result = await db
    .updateTable('report_links')
    .set({ revoked_at: now })
    .where('report_id', '=', reportId)
    .where('token_hash', 'like', `${id}%`)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type LinkState = { state: 'open'; reportId: string } | { state: 'gone' } | { state: 'unknown' };

/** What a client's token opens: the report, "gone" (expired or withdrawn), or nothing (never a link). */
export async function linkState(db: Db, token: string, now = Date.now()): Promise<LinkState> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { state: 'unknown' };
  const row = await db.selectFrom('report_links').selectAll().where('token_hash', '=', tokenHash(token)).executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.revoked_at !== null || Number(row.expires_at) <= now) return { state: 'gone' };
  return { state: 'open', reportId: row.report_id };
}

export async function autoSendSites(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('report_site_settings').select(['site_key', 'auto_send']).execute();
  return new Set(rows.filter((r) => Number(r.auto_send) === 1).map((r) => r.site_key));
}

export async function setAutoSend(db: Db, siteKey: string, on: boolean, now = Date.now()): Promise<void> {
  await db
    .insertInto('report_site_settings')
    .values({ site_key: siteKey, auto_send: on ? 1 : 0, updated_at: now })
    .onConflict((conflict) => conflict.column('site_key').doUpdateSet({ auto_send: on ? 1 : 0, updated_at: now }))
    .execute();
}

/** A site's report settings as the owner chose them (Reports → Sites); a site never set: nothing chosen. */
export interface SiteReportSettings {
  contactName: string | null;
  /** Empty: the watched site's client e-mail (this site's: the owner's address). */
  recipients: string[];
  contents: ReportContentId[];
}

const jsonList = (text: string | null): string[] | null => {
  if (text === null) return null;
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null;
};

export async function siteReportSettings(db: Db): Promise<Map<string, SiteReportSettings>> {
  const rows = await db.selectFrom('report_site_settings').select(['site_key', 'contact_name', 'recipients', 'contents']).execute();
  return new Map(
    rows.map((row) => [
      row.site_key,
      {
        contactName: row.contact_name,
        recipients: jsonList(row.recipients) ?? [],
        // A part no longer offered is dropped; never chosen: all of them.
        contents: (jsonList(row.contents) ?? [...reportContentIds]).filter((id): id is ReportContentId => (reportContentIds as string[]).includes(id)),
      },
    ]),
  );
}

/** Writes a site's contact, recipients and parts, its automatic sending left as it was. */
export async function writeSiteReportSettings(db: Db, siteKey: string, settings: SiteReportSettings, now = Date.now()): Promise<void> {
  const values = {
    contact_name: settings.contactName,
    recipients: JSON.stringify(settings.recipients),
    contents: JSON.stringify(settings.contents),
    updated_at: now,
  };
  await db
    .insertInto('report_site_settings')
    .values({ site_key: siteKey, auto_send: 0, ...values })
    .onConflict((conflict) => conflict.column('site_key').doUpdateSet(values))
    .execute();
}

/** Lays a site's settings (as the site now is) over its drafts, so a draft shows and sends what was chosen. */
export async function updateDraftSites(db: Db, site: ReportData['site'], now = Date.now()): Promise<void> {
  const drafts = await db.selectFrom('reports').select(['id', 'data']).where('site_key', '=', site.key).where('status', '!=', 'sent').execute();
  for (const row of drafts) await replaceDraftData(db, row.id, { ...parse(row), site }, now);
}
