import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { business } from '../../src/config/business';
import { contactLimits } from '../../src/config/contact';
import type { Db, DbKind } from '../../src/server/db';
import { migrateToLatest } from '../../src/server/migrate.mjs';
import { takeGenerationSlot } from '../../src/server/features/ai/history';
import { acceptSubmission, deleteExpiredLeadData, rateLimitStatus, rateLimitWindowMs } from '../../src/server/features/contact/leads';
import { deleteExpiredLimitHits, limitWindows } from '../../src/server/features/limits';
import { backoffMs, deliverDue, pendingCount, type SendMail } from '../../src/server/platform/outbox';
import { deliverWebhooks, enqueueWebhook } from '../../src/server/features/watch/webhook';
import { alertRule, deleteOldSecurityEvents, recordSecurityEvent, severityByType } from '../../src/server/features/security/events';
import { createTarget, databaseNames, type DatabaseTarget, openTarget } from '../support/databases';

const data = { name: 'Jane Smith', email: 'jane@example.com', subject: 'Hello there', message: 'Please help with my SEO.' };
const timing = { baseDelayMs: 1000, maxDelayMs: 8000, leaseMs: 60_000 };
const notify = 'owner@example.com';

describe.each(databaseNames())('database suite on %s', (name) => {
  let target: DatabaseTarget;
  let db: Db;
  let kind: DbKind;
  let client = 0;
  const nextClient = () => `client-${++client}-${Math.random()}`;

  beforeAll(async () => {
    target = await createTarget(name);
    ({ db, kind } = await openTarget(target));
    await migrateToLatest(db, kind);
  });
  afterAll(async () => {
    await db?.destroy();
    await target?.dispose();
  });

  it('migrations are idempotent', async () => {
    expect(await migrateToLatest(db, kind)).toEqual([]);
  });

  it('stores a lead and its notification e-mail together', async () => {
    const now = Date.now();
    const result = await acceptSubmission(db, kind, { clientHash: nextClient(), data, requestType: 'audit', notify, now });
    expect(result.accepted).toBe(true);
    if (!result.accepted) return;
    const message = await db.selectFrom('contact_messages').selectAll().where('id', '=', result.id).executeTakeFirstOrThrow();
    expect(message).toMatchObject({ ...data, request_type: 'audit', created_at: now });
    const mail = await db.selectFrom('mail_outbox').selectAll().where('message_id', '=', result.id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'lead', recipient: notify, reply_to: data.email, status: 'pending', attempts: 0 });
    expect(mail.body).toContain(data.message);
    expect(mail.body).toContain('Free SEO audit');
  });

  it('accepts 3 messages per client per 10 minutes, then says how long to wait', async () => {
    const clientHash = nextClient();
    const start = Date.now();
    for (let i = 0; i < contactLimits.maxSubmissions; i++) {
      expect((await acceptSubmission(db, kind, { clientHash, data, requestType: 'general', notify, now: start + i * 60_000 })).accepted).toBe(true);
    }
    const blocked = await acceptSubmission(db, kind, { clientHash, data, requestType: 'general', notify, now: start + 3 * 60_000 });
    expect(blocked).toEqual({ accepted: false, retryAfterMinutes: 7, reason: 'sender' });
    expect(await rateLimitStatus(db, clientHash, data.email, start + 3 * 60_000)).toEqual({ limited: true, retryAfterMinutes: 7, reason: 'sender' });
    // Other clients are unaffected, and the window slides.
    expect((await acceptSubmission(db, kind, { clientHash: nextClient(), data, requestType: 'general', notify, now: start })).accepted).toBe(true);
    expect((await acceptSubmission(db, kind, { clientHash, data, requestType: 'general', notify, now: start + rateLimitWindowMs + 1 })).accepted).toBe(true);
  });

  it('holds the limit under concurrent requests from one client', async () => {
    const clientHash = nextClient();
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 12 }, () => acceptSubmission(db, kind, { clientHash, data, requestType: 'general', notify, now })));
    expect(results.filter((r) => r.accepted)).toHaveLength(contactLimits.maxSubmissions);
  });

  it('delivers due mail, retrying failures with exponential backoff', async () => {
    await db.deleteFrom('mail_outbox').execute();
    const now = Date.now();
    await acceptSubmission(db, kind, { clientHash: nextClient(), data, requestType: 'general', notify, now });
    const failing: SendMail = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    expect(await deliverDue(db, failing, timing, now)).toEqual({ sent: 0, failed: 1 });
    let row = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'connect ECONNREFUSED' });
    expect(row.next_attempt_at).toBeGreaterThanOrEqual(now + timing.baseDelayMs);
    // Not due yet: nothing is tried.
    expect(await deliverDue(db, failing, timing, now + 10)).toEqual({ sent: 0, failed: 0 });
    const sent: string[] = [];
    const working: SendMail = async (mail) => {
      sent.push(mail.id);
    };
    expect(await deliverDue(db, working, timing, row.next_attempt_at)).toEqual({ sent: 1, failed: 0 });
    row = await db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect(sent).toEqual([row.id]);
    expect(await pendingCount(db)).toBe(0);
  });

  it('backoff doubles and is capped', () => {
    expect([1, 2, 3, 4, 5, 10].map((n) => backoffMs(n, timing))).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('never sends a row twice when two workers run at once', async () => {
    await db.deleteFrom('mail_outbox').execute();
    const now = Date.now();
    for (let i = 0; i < 6; i++) await acceptSubmission(db, kind, { clientHash: nextClient(), data, requestType: 'general', notify, now });
    const sent: string[] = [];
    const slow: SendMail = async (mail) => {
      await new Promise((r) => setTimeout(r, 20));
      sent.push(mail.id);
    };
    await Promise.all([deliverDue(db, slow, timing, now + 1), deliverDue(db, slow, timing, now + 1), deliverDue(db, slow, timing, now + 1)]);
    expect(sent).toHaveLength(6);
    expect(new Set(sent).size).toBe(6);
  });

  it('the webhook channel shares the queue: the time it is given, the receiver’s Retry-After up to the cap, sent once', async () => {
    await db.deleteFrom('watch_webhooks').execute();
    let answer = 503;
    const bodies: string[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        bodies.push(body);
        res.writeHead(answer, answer === 503 ? { 'Retry-After': '3' } : {}).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      // A day ahead: every time the queue writes is the given one (moved on by the pass's own duration), not the clock's.
      const at = Date.now() + 86_400_000;
      await enqueueWebhook(db, { alertId: 'alert-q', url, body: { text: 'Site down' }, now: at, notBefore: at });
      const hook = { ...timing, timeoutMs: 2000 };
      expect(await deliverWebhooks(db, hook, at - 1)).toEqual({ sent: 0, failed: 0 });
      expect(await deliverWebhooks(db, hook, at)).toEqual({ sent: 0, failed: 1 });
      const row = await db.selectFrom('watch_webhooks').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: 1, last_error: 'answered 503', locked_until: 0 });
      expect(row.next_attempt_at - at).toBeGreaterThanOrEqual(3000);
      expect(row.next_attempt_at - at).toBeLessThan(3000 + 5000);
      expect(await deliverWebhooks(db, hook, at + 2999)).toEqual({ sent: 0, failed: 0 });
      answer = 200;
      expect(await deliverWebhooks(db, hook, row.next_attempt_at)).toEqual({ sent: 1, failed: 0 });
      expect(await deliverWebhooks(db, hook, row.next_attempt_at + 60_000)).toEqual({ sent: 0, failed: 0 });
      const sent = await db.selectFrom('watch_webhooks').selectAll().executeTakeFirstOrThrow();
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
      expect(sent.sent_at).toBeGreaterThanOrEqual(row.next_attempt_at);
      expect(bodies.map((b) => JSON.parse(b) as unknown)).toEqual([{ text: 'Site down' }, { text: 'Site down' }]);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('maps every security event type to its severity', async () => {
    expect(severityByType).toEqual({
      intrusion_attempt: 'critical',
      auth_failure: 'high',
      suspicious_activity: 'high',
      rate_limit_exceeded: 'medium',
      enquiry_refused: 'medium',
      honeypot_triggered: 'medium',
      invalid_input: 'low',
      validation_error: 'low',
    });
    const now = Date.now() - 3_600_000;
    await recordSecurityEvent({ db, alertTo: notify, now: () => now }, 'honeypot_triggered', 'test <b>markup</b>', 'agent/1.0');
    const row = await db.selectFrom('security_events').selectAll().where('created_at', '=', now).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: 'honeypot_triggered', severity: 'medium', details: 'test bmarkup/b', user_agent: 'agent/1.0' });
  });

  it('alerts once when 3 high events arrive within 5 minutes', async () => {
    await db.deleteFrom('mail_outbox').execute();
    await db.deleteFrom('security_events').execute();
    const start = Date.now();
    let clock = start;
    const ctx = { db, alertTo: notify, now: () => clock };
    await recordSecurityEvent(ctx, 'suspicious_activity', 'one', null);
    clock += 60_000;
    await recordSecurityEvent(ctx, 'rate_limit_exceeded', 'medium does not count', null);
    await recordSecurityEvent(ctx, 'suspicious_activity', 'two', null);
    const alerts = () => db.selectFrom('mail_outbox').selectAll().where('kind', '=', 'alert').execute();
    expect(await alerts()).toHaveLength(0);
    clock += 60_000;
    await recordSecurityEvent(ctx, 'intrusion_attempt', 'three', null);
    const [alert] = await alerts();
    expect(alert).toMatchObject({ recipient: notify, status: 'pending' });
    expect(alert?.body).toContain('three');
    await recordSecurityEvent(ctx, 'suspicious_activity', 'four', null);
    expect(await alerts()).toHaveLength(1);
    // Spread out over more than the window: no alert.
    await db.deleteFrom('mail_outbox').execute();
    clock += alertRule.windowMs * 3;
    await recordSecurityEvent(ctx, 'auth_failure', 'a', null);
    clock += alertRule.windowMs;
    await recordSecurityEvent(ctx, 'auth_failure', 'b', null);
    clock += alertRule.windowMs;
    await recordSecurityEvent(ctx, 'auth_failure', 'c', null);
    expect(await alerts()).toHaveLength(0);
  });

  it('cleans up old security events and expired rate-limit hits', async () => {
    const now = Date.now();
    await recordSecurityEvent({ db, alertTo: notify, now: () => now - 40 * 86_400_000 }, 'validation_error', 'old', null);
    await recordSecurityEvent({ db, alertTo: notify, now: () => now }, 'validation_error', 'new', null);
    expect(await deleteOldSecurityEvents(db, 30, now)).toBeGreaterThanOrEqual(1);
    const details = (await db.selectFrom('security_events').select('details').execute()).map((r) => r.details);
    expect(details).toContain('new');
    expect(details).not.toContain('old');
    await deleteExpiredLimitHits(db, now + Math.max(...limitWindows.map((w) => w.windowMs)) + 1);
    const hits = await db.selectFrom('rate_limit_hits').select('id').where('created_at', '<=', now).execute();
    expect(hits).toHaveLength(0);
  });

  it('keeps every hit the AI generator still counts through the hourly clean-up', async () => {
    const now = Date.now();
    const user = 'clean-up-user';
    const perHour = 3;
    for (let i = 0; i < perHour; i++) expect(await takeGenerationSlot(db, user, perHour, now - 30 * 60_000 + i)).toEqual({ ok: true });
    await deleteExpiredLimitHits(db, now);
    // Half an hour on, the allowance is still used up.
    expect(await takeGenerationSlot(db, user, perHour, now)).toMatchObject({ ok: false });
  });

  it('deletes enquiries the retention period after their last activity, and keeps clients', async () => {
    const now = Date.now();
    const monthsAgo = (months: number) => {
      const d = new Date(now);
      d.setUTCMonth(d.getUTCMonth() - months);
      return d.getTime();
    };
    const old = monthsAgo(business.retention.enquiryMonths) - 86_400_000;
    const row = (id: string, status: string, updatedAt: number) => ({
      id,
      created_at: old,
      updated_at: updatedAt,
      status,
      request_type: 'general',
      name: 'Jane Smith',
      email: 'jane@example.com',
      subject: 'Retention',
      message: 'Please help with local SEO.',
    });
    await db
      .insertInto('contact_messages')
      .values([row('retention-old', 'new', old), row('retention-client', 'client', old), row('retention-touched', 'replied', monthsAgo(1))])
      .execute();
    await deleteExpiredLeadData(db, now);
    const kept = (await db.selectFrom('contact_messages').select('id').where('id', 'like', 'retention-%').execute()).map((r) => r.id).sort();
    expect(kept).toEqual(['retention-client', 'retention-touched']);
  });
});
