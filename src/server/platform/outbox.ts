/**
 * Transactional outbox: an e-mail is a row written in the same transaction as the lead it reports, then delivered by
 * a worker with retries and exponential backoff. Rows are claimed with a lease, so several app instances (or a
 * restart mid-send) never deliver the same row twice in normal operation.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database, MailKind, MailOutboxTable } from '../db/schema';

/** A file sent with a message (kept in the outbox row until it is sent, then with it). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutboxMail {
  kind: MailKind;
  recipient: string;
  replyTo?: string;
  subject: string;
  body: string;
  messageId?: string;
  attachments?: MailAttachment[];
  now: number;
  /** Not sent before this time (an alert held through quiet hours); by default at once. */
  notBefore?: number;
}

type StoredAttachment = { filename: string; contentType: string; base64: string };

function storeAttachments(list: MailAttachment[] | undefined): string | null {
  if (!list || list.length === 0) return null;
  return JSON.stringify(
    list.map((a): StoredAttachment => ({ filename: a.filename, contentType: a.contentType, base64: Buffer.from(a.content).toString('base64') })),
  );
}

function readAttachments(stored: string | null): MailAttachment[] {
  if (!stored) return [];
  return (JSON.parse(stored) as StoredAttachment[]).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: new Uint8Array(Buffer.from(a.base64, 'base64')),
  }));
}

export async function enqueueMail(db: Db | Transaction<Database>, mail: OutboxMail): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_outbox')
    .values({
      id,
      message_id: mail.messageId ?? null,
      kind: mail.kind,
      recipient: mail.recipient,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      body: mail.body,
      status: 'pending',
      attempts: 0,
      next_attempt_at: Math.max(mail.now, mail.notBefore ?? 0),
      locked_until: 0,
      last_error: null,
      created_at: mail.now,
      sent_at: null,
      attachments: storeAttachments(mail.attachments),
    })
    .execute();
  return id;
}

export interface SendMail {
  (mail: { id: string; to: string; replyTo: string | null; subject: string; text: string; attachments: MailAttachment[] }): Promise<void>;
}

export interface OutboxTiming {
  baseDelayMs: number;
  maxDelayMs: number;
  leaseMs: number;
}

/** Delay before attempt n+1 after n failures: base · 2^(n-1), capped. Retries never stop: a lead is never dropped. */
export function backoffMs(failedAttempts: number, timing: Pick<OutboxTiming, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(timing.maxDelayMs, timing.baseDelayMs * 2 ** Math.max(0, failedAttempts - 1));
}

async function claimDue(db: Db, now: number, leaseMs: number, limit: number): Promise<MailOutboxTable[]> {
  const due = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where('locked_until', '<=', now)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  if (due.length === 0) return [];
  // The conditions are repeated on the update so a row claimed meanwhile by another instance is skipped.
  return db
    .updateTable('mail_outbox')
    .set({ locked_until: now + leaseMs })
    .where(
      'id',
      'in',
      due.map((r) => r.id),
    )
    .where('status', '=', 'pending')
    .where('locked_until', '<=', now)
    .returningAll()
    .execute();
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/** Sends every due row once; failures are rescheduled. */
export async function deliverDue(db: Db, send: SendMail, timing: OutboxTiming, now = Date.now(), batch = 20): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0 };
  const claimed = await claimDue(db, now, timing.leaseMs, batch);
  for (const row of claimed) {
    // A batch can outlast its lease (a slow mail server); renew it for this row just before sending, and skip the row
    // if another instance has taken it over since, so it is never sent by both.
    const renewed = await db
      .updateTable('mail_outbox')
      .set({ locked_until: Math.max(Date.now(), now) + timing.leaseMs + 1 })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('locked_until', '=', row.locked_until)
      .executeTakeFirst();
    if (Number(renewed.numUpdatedRows) === 0) continue;
    try {
      await send({
        id: row.id,
        to: row.recipient,
        replyTo: row.reply_to,
        subject: row.subject,
        text: row.body,
        attachments: readAttachments(row.attachments),
      });
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sent_at: Date.now(), attempts: row.attempts + 1, last_error: null, locked_until: 0 })
        .where('id', '=', row.id)
        .execute();
      report.sent++;
    } catch (error) {
      const attempts = row.attempts + 1;
      await db
        .updateTable('mail_outbox')
        .set({
          attempts,
          next_attempt_at: Date.now() + backoffMs(attempts, timing),
          locked_until: 0,
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
        })
        .where('id', '=', row.id)
        .execute();
      report.failed++;
    }
  }
  return report;
}

export async function pendingCount(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(count);
}
