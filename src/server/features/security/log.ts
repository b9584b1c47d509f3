/** The security log as the owner reads it: newest first, filtered by severity, with counts for the last 24 hours. */
import { adminPageSize } from '~/config/admin';
import { type SecurityEvent, severities } from '~/lib/admin-types';

export { severities };
import type { Db } from '../../db';
import { type Severity, severityByType } from './events';

export async function listSecurityEvents(
  db: Db,
  query: { severity?: Severity | 'all'; page?: number; limit?: number } = {},
): Promise<{ events: SecurityEvent[]; total: number; page: number; pages: number }> {
  let base = db.selectFrom('security_events');
  if (query.severity && query.severity !== 'all') base = base.where('severity', '=', query.severity);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const limit = query.limit ?? adminPageSize;
  const pages = Math.max(1, Math.ceil(Number(total) / limit));
  const page = Math.min(Math.max(1, query.page ?? 1), pages);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
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
