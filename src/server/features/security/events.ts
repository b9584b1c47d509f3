/** Security events: stored with a severity, cleaned up after the retention period, alerting on bursts. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { enqueueMail } from '../../platform/outbox';

export const severityByType = {
  intrusion_attempt: 'critical',
  auth_failure: 'high',
  suspicious_activity: 'high',
  rate_limit_exceeded: 'medium',
  honeypot_triggered: 'medium',
  invalid_input: 'low',
  validation_error: 'low',
} as const;

export type SecurityEventType = keyof typeof severityByType;
export type Severity = (typeof severityByType)[SecurityEventType];

/** Three high (or worse) events within five minutes alert the owner. */
export const alertRule = { count: 3, windowMs: 5 * 60 * 1000 } as const;
const alarming: Severity[] = ['high', 'critical'];
const maxDetailLength = 500;

export interface SecurityContext {
  db: Db;
  alertTo: string;
  now?: () => number;
}

/** Details are free text from our own code, never raw visitor input; still bounded and stripped of markup. */
function safeDetails(details: string): string {
  return details.replace(/[<>]/g, '').slice(0, maxDetailLength);
}

export async function recordSecurityEvent(ctx: SecurityContext, type: SecurityEventType, details: string, userAgent: string | null): Promise<void> {
  const now = ctx.now?.() ?? Date.now();
  const severity = severityByType[type];
  await ctx.db
    .insertInto('security_events')
    .values({ id: randomUUID(), type, severity, details: safeDetails(details), user_agent: userAgent?.slice(0, 300) ?? null, created_at: now })
    .execute();
  if (alarming.includes(severity)) await alertOnBurst(ctx, now);
}

async function alertOnBurst(ctx: SecurityContext, now: number) {
  const since = now - alertRule.windowMs;
  const { count } = await ctx.db
    .selectFrom('security_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('severity', 'in', alarming)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(count) < alertRule.count) return;
  // One alert per window, however long the attack goes on.
  const recentAlert = await ctx.db.selectFrom('mail_outbox').select('id').where('kind', '=', 'alert').where('created_at', '>', since).executeTakeFirst();
  if (recentAlert) return;
  const events = await ctx.db
    .selectFrom('security_events')
    .select(['type', 'severity', 'details', 'created_at'])
    .where('severity', 'in', alarming)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  await enqueueMail(ctx.db, {
    kind: 'alert',
    recipient: ctx.alertTo,
    subject: `Security alert: ${count} high-severity events in 5 minutes`,
    body: [
      `The website recorded ${count} high or critical security events in the last five minutes.`,
      '',
      ...events.map((e) => `${new Date(e.created_at).toISOString()}  ${e.severity.toUpperCase()}  ${e.type}: ${e.details}`),
      '',
      'No action is needed if these were expected. Otherwise check the server logs.',
    ].join('\n'),
    now,
  });
}

export async function deleteOldSecurityEvents(db: Db, retentionDays: number, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('security_events')
    .where('created_at', '<', now - retentionDays * 24 * 60 * 60 * 1000)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
