/** The audits as the admin lists and counts them, and their clean-up: plain reads of the `audits` table. */
import { auditLimits, auditMessages } from '~/config/audit';
import type { AuditConversion, AuditListItem, AuditStatus } from '~/lib/audit-types';
import { dayMs } from '~/lib/days.mjs';
import type { Db } from '../../db';
import { deleteOldReportKeys } from './report-key';

/** The host without a leading "www.": one site, however it is typed. */
export function domainOf(url: URL): string {
  return url.host.toLowerCase().replace(/^www\./, '');
}

/** The latest audit of a domain since `since`, if any (a new request within the window is shown this one). */
export async function recentAudit(db: Db, domain: string, since: number): Promise<{ id: string; created_at: number } | null> {
  const row = await db
    .selectFrom('audits')
    .select(['id', 'created_at'])
    .where('domain', '=', domain)
    .where('created_at', '>', since)
    // An audit cut short by a restart is no result to show again.
    .where((eb) => eb.or([eb('message', 'is', null), eb('message', '!=', auditMessages.interrupted)]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, created_at: Number(row.created_at) } : null;
}

export async function listAudits(db: Db, limit = 50): Promise<AuditListItem[]> {
  const rows = await db
    .selectFrom('audits')
    .select(['id', 'site', 'created_at', 'status', 'score', 'pages', 'lead_id'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    site: row.site,
    createdAt: Number(row.created_at),
    status: row.status as AuditStatus,
    score: row.score,
    pages: row.pages,
    leadId: row.lead_id,
  }));
}

/** Finished audits in the last `days` and how many became an enquiry. */
export async function auditConversion(db: Db, now: number, days = 30): Promise<AuditConversion> {
  const row = await db
    .selectFrom('audits')
    .select((eb) => [eb.fn.countAll<number>().as('audits'), eb.fn.count<number>('lead_id').as('enquiries')])
    .where('status', '=', 'done')
    .where('created_at', '>', now - days * dayMs)
    .executeTakeFirstOrThrow();
  const audits = Number(row.audits);
  const enquiries = Number(row.enquiries);
  return { days, audits, enquiries, rate: audits === 0 ? null : enquiries / audits };
}

/** The clean-up: audits (the address and its report) are kept `auditLimits.retentionDays`. */
export async function deleteOldAudits(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('audits')
    .where('created_at', '<', now - auditLimits.retentionDays * dayMs)
    .execute();
  await deleteOldReportKeys(db, now);
}
