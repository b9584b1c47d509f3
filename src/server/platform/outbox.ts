/**
 * Transactional outbox, the e-mail channel of the durable queue (./queue.ts): an e-mail is a row of `mail_outbox`
 * written in the same transaction as the lead it reports, then delivered by the queue's worker with its lease, retries
 * and exponential backoff.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database, MailKind } from '../db/schema';
import { deliverQueue, pendingIn, queuedRow, type Channel, type DeliveryReport, type QueueTiming } from './queue';

export { backoffMs, type DeliveryReport } from './queue';

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
      attachments: storeAttachments(mail.attachments),
      ...queuedRow(mail.now, mail.notBefore),
    })
    .execute();
  return id;
}

export interface SendMail {
  (mail: { id: string; to: string; replyTo: string | null; subject: string; text: string; attachments: MailAttachment[] }): Promise<void>;
}

export type OutboxTiming = QueueTiming;

/** The e-mail channel: a row is handed to the mail server as it is. */
export function mailChannel(send: SendMail): Channel<'mail_outbox'> {
  return {
    table: 'mail_outbox',
    deliver: (row) =>
      send({ id: row.id, to: row.recipient, replyTo: row.reply_to, subject: row.subject, text: row.body, attachments: readAttachments(row.attachments) }),
  };
}

/** Sends every due e-mail once; failures are rescheduled. */
export function deliverDue(db: Db, send: SendMail, timing: OutboxTiming, now = Date.now(), batch = 20): Promise<DeliveryReport> {
  return deliverQueue(db, mailChannel(send), timing, now, batch);
}

export function pendingCount(db: Db): Promise<number> {
  return pendingIn(db, 'mail_outbox');
}
