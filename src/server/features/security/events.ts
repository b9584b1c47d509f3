/** Security events: stored with a severity, cleaned up after the retention period, alerting on bursts. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db';
import { enqueueMail } from '../../platform/outbox';

export const severityByType = {
  intrusion_attempt: 'critical',
  auth_failure: 'high',
  suspicious_activity: 'high',
  rate_limit_exceeded: 'medium',
  /** An enquiry the contact form's limit turned away: kept with the name and e-mail given, so the owner can call back. */
  enquiry_refused: 'medium',
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

/** Who an event was about, when known: the client address, and the e-mail address (and name) tried or given. */
export interface SecurityEventSubject {
  address?: string | null;
  emailTried?: string | null;
  nameTried?: string | null;
}

export async function recordSecurityEvent(
  ctx: SecurityContext,
  type: SecurityEventType,
  details: string,
  userAgent: string | null,
  subject: SecurityEventSubject = {},
): Promise<void> {
  const now = ctx.now?.() ?? Date.now();
  const severity = severityByType[type];
  await ctx.db
    .insertInto('security_events')
    .values({
      id: randomUUID(),
      type,
      severity,
      details: safeDetails(details),
      user_agent: userAgent?.slice(0, 300) ?? null,
      created_at: now,
      address: subject.address?.slice(0, 100) ?? null,
      email_tried: subject.emailTried?.slice(0, 254) ?? null,
      name_tried: subject.nameTried?.slice(0, 100) ?? null,
    })
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
    .select(['id', 'type', 'severity', 'details', 'created_at'])
    .where('severity', 'in', alarming)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  const alertId = await enqueueMail(ctx.db, {
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
  // The log shows, for each event, whether an alert e-mail reported it.
  await ctx.db
    .updateTable('security_events')
    .set({ alert_id: alertId })
    .where(
      'id',
      'in',
      events.map((e) => e.id),
    )
    .execute();
}

export async function deleteOldSecurityEvents(db: Db, retentionDays: number, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('security_events')
    .where('created_at', '<', now - retentionDays * 24 * 60 * 60 * 1000)
    // Refused enquiries are kept as long as enquiries: deleteRefusedEnquiriesBefore, from the enquiries' clean-up.
    .where('type', '!=', 'enquiry_refused')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteRefusedEnquiriesBefore(db: Db, cutoff: number): Promise<void> {
  await db.deleteFrom('security_events').where('type', '=', 'enquiry_refused').where('created_at', '<', cutoff).execute();
}

/** Enquiries the contact form's limit turned away since `since`. */
export async function refusedEnquiryCount(db: Db, since: number): Promise<number> {
  const { count } = await db
    .selectFrom('security_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('type', '=', 'enquiry_refused')
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}
