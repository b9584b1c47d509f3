/**
 * The security log as the owner reads it: newest first, filtered by severity or to refused enquiries, with counts for
 * the last 24 hours. Each event is a sentence with its address, the e-mail address tried and whether an alert
 * e-mail reported it.
 */
import { adminPageSize } from '~/config/admin';
import { type SecurityEvent, severities } from '~/lib/admin-types';

export { severities };
import type { Db } from '../../db';
import { type SecurityEventType, type Severity, severityByType } from './events';
import { pageWithin } from '../../api/paging';

export async function listSecurityEvents(
  db: Db,
  query: { severity?: Severity | 'all'; type?: SecurityEventType; page?: number; limit?: number } = {},
): Promise<{ events: SecurityEvent[]; total: number; page: number; pages: number }> {
  let base = db.selectFrom('security_events as e');
  if (query.severity && query.severity !== 'all') base = base.where('e.severity', '=', query.severity);
  if (query.type) base = base.where('e.type', '=', query.type);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const limit = query.limit ?? adminPageSize;
  const pages = Math.max(1, Math.ceil(Number(total) / limit));
  const page = pageWithin(query.page, pages);
  const rows = await base
    .leftJoin('mail_outbox as o', 'o.id', 'e.alert_id')
    .selectAll('e')
    .select('o.status as alert_status')
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return {
    events: rows.map((r) => ({
      id: r.id,
      type: r.type,
      severity: r.severity as Severity,
      details: r.details,
      userAgent: r.user_agent,
      at: Number(r.created_at),
      address: r.address,
      emailTried: r.email_tried,
      nameTried: r.name_tried,
      alert: r.alert_id === null ? 'none' : r.alert_status === 'sent' ? 'sent' : 'pending',
    })),
    total: Number(total),
    page,
    pages,
  };
}

export async function severityCounts(db: Db, now = Date.now()): Promise<Record<Severity, number>> {
  const rows = await db
    .selectFrom('security_events')
    .select(['severity', (eb) => eb.fn.countAll<number>().as('count')])
    .where('created_at', '>', now - 24 * 3_600_000)
    .groupBy('severity')
    .execute();
  const counts = Object.fromEntries(severities.map((s) => [s, 0])) as Record<Severity, number>;
  for (const row of rows) if (row.severity in counts) counts[row.severity as Severity] = Number(row.count);
  return counts;
}

export const securityEventTypes = Object.keys(severityByType);
