/** Accepting a contact message: rate limit, lead row and notification e-mail, all in one transaction. */
import { createHash, randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { business } from '~/config/business';
import { checklist } from '~/config/checklist';
import { contactLimits } from '~/config/contact';
import { type ContactInput, type RequestType, requestTypeLabels } from '~/lib/contact';
import { absoluteUrl } from '~/seo/urls';
import type { Db, DbKind } from '../../db';
import type { Database } from '../../db/schema';
import { enquirySearchText } from '../../db/search-text.mjs';
import { deleteRefusedEnquiriesBefore } from '../security';
import { enqueueMail } from '../../platform/outbox';
import { giveBack, limit, type LimitState, type LimitWindow, minutesOf, peekLimit } from '../../platform/limit';

/** One sender (address and e-mail address) and one address as a whole each have a window of hits. */
export const rateLimitWindowMs = contactLimits.windowMinutes * 60 * 1000;
export const contactWindows = {
  sender: { scope: 'contact', windowMs: rateLimitWindowMs },
  address: { scope: 'contact:address', windowMs: rateLimitWindowMs },
} satisfies Record<string, LimitWindow>;
const senderLimit = (key: string, now: number) => ({ ...contactWindows.sender, key, max: contactLimits.maxSubmissions, now });
const addressLimit = (key: string, now: number) => ({ ...contactWindows.address, key, max: contactLimits.maxPerAddress, now });

/** Which limit refused an enquiry: the sender's own, or the address's (many senders, or a flood). */
export type LimitReason = 'sender' | 'address';
export type AcceptResult = { accepted: true; id: string } | { accepted: false; retryAfterMinutes: number; reason: LimitReason };

/**
 * The sender's key: the address's keyed hash with the lower-cased e-mail address, hashed again (the secret is in the
 * address hash, so neither part can be read back).
 */
export function senderKey(clientHash: string, email: string): string {
  return createHash('sha256').update(`${clientHash}\n${email.trim().toLowerCase()}`).digest('base64url');
}

/**
 * A cheap look before validation, so a blocked client hears about the limit first (the honeypot, then the limit, then
 * the fields): the address's cap, and the sender's when the e-mail address is known.
 */
export async function rateLimitStatus(
  db: Db,
  clientHash: string,
  email?: string,
  now = Date.now(),
): Promise<{ limited: false; retryAfterMinutes: 0 } | { limited: true; retryAfterMinutes: number; reason: LimitReason }> {
  const refused = (state: LimitState, reason: LimitReason) =>
    state.allowed ? null : { limited: true as const, retryAfterMinutes: minutesOf(state.retryAfterSeconds), reason };
  const address = refused(await peekLimit(db, addressLimit(clientHash, now)), 'address');
  if (address) return address;
  if (email) {
    const sender = refused(await peekLimit(db, senderLimit(senderKey(clientHash, email), now)), 'sender');
    if (sender) return sender;
  }
  return { limited: false, retryAfterMinutes: 0 };
}

export function leadEmail(input: ContactInput, requestType: RequestType, id: string, now: number) {
  return {
    subject: `New enquiry: ${input.subject}`,
    body: [
      `New message from the ${business.name} website.`,
      '',
      `Request:  ${requestTypeLabels[requestType]}`,
      ...(requestType === 'seo-checklist' ? [`Checklist: requested; the sender was given the download (${absoluteUrl(checklist.path)}).`] : []),
      `Name:     ${input.name}`,
      `E-mail:   ${input.email}`,
      `Subject:  ${input.subject}`,
      `Received: ${new Date(now).toUTCString()}`,
      `Reference: ${id}`,
      '',
      // Name, e-mail and subject are single-line by the cleaning rules; everything below this line is the sender's.
      '----- Message -----',
      input.message,
      '',
      '— Reply to this e-mail to answer the sender directly.',
    ].join('\n'),
  };
}

export interface Submission {
  clientHash: string;
  data: ContactInput;
  requestType: RequestType;
  notify: string;
  now?: number;
  /** More to write with the enquiry, in its transaction (the free audit links its report and queues the visitor's copy). */
  also?: (trx: Transaction<Database>, id: string, now: number) => Promise<void>;
}

/**
 * Stores validated messages with their notification e-mails, unless the sender (address and e-mail address) or the
 * address as a whole already has the maximum number of accepted messages in the window. Each hit is inserted before
 * counting, and PostgreSQL takes a lock per address (which covers its senders), so concurrent requests cannot slip
 * under either limit, in one instance or several.
 */
async function acceptBatch(db: Db, kind: DbKind, batch: Submission[]): Promise<AcceptResult[]> {
  return db.transaction().execute(async (trx) => {
    if (kind === 'postgres') {
      // Sorted, so two batches never wait on each other's locks in opposite orders.
      for (const hash of [...new Set(batch.map((s) => s.clientHash))].sort()) {
        await sql`select pg_advisory_xact_lock(hashtext(${hash}))`.execute(trx);
      }
    }
    const results: AcceptResult[] = [];
    for (const submission of batch) {
      const now = submission.now ?? Date.now();
      const sender = senderKey(submission.clientHash, submission.data.email);
      // Both places are taken (each written before it is counted), and both given back when either is refused.
      const own = await limit(trx, senderLimit(sender, now));
      const address = await limit(trx, addressLimit(submission.clientHash, now));
      const refusal = !own.allowed ? { reason: 'sender' as const, ...own } : !address.allowed ? { reason: 'address' as const, ...address } : null;
      if (refusal) {
        for (const taken of [own, address]) if (taken.allowed) await giveBack(trx, taken.hit);
        results.push({ accepted: false, retryAfterMinutes: minutesOf(refusal.retryAfterSeconds), reason: refusal.reason });
        continue;
      }
      const id = randomUUID();
      await trx
        .insertInto('contact_messages')
        .values({
          id,
          created_at: now,
          updated_at: now,
          request_type: submission.requestType,
          ...submission.data,
          search_text: enquirySearchText(submission.data),
        })
        .execute();
      const mail = leadEmail(submission.data, submission.requestType, id, now);
      await enqueueMail(trx, { kind: 'lead', recipient: submission.notify, replyTo: submission.data.email, messageId: id, now, ...mail });
      await submission.also?.(trx, id, now);
      results.push({ accepted: true, id });
    }
    return results;
  });
}

interface Waiting {
  submission: Submission;
  settle: (result: AcceptResult | Error) => void;
}
interface Queue {
  kind: DbKind;
  waiting: Waiting[];
  busy: boolean;
}

/**
 * Group commit: submissions that arrive while a transaction is being written join the next one, so a burst costs
 * one disk flush instead of one each. Every caller still hears back only after its own row is committed.
 */
const maxBatch = 100;
const queues = new WeakMap<Db, Queue>();

export function acceptSubmission(db: Db, kind: DbKind, submission: Submission): Promise<AcceptResult> {
  let queue = queues.get(db);
  if (!queue) {
    queue = { kind, waiting: [], busy: false };
    queues.set(db, queue);
  }
  const target = queue;
  return new Promise<AcceptResult>((resolve, reject) => {
    target.waiting.push({ submission, settle: (result) => (result instanceof Error ? reject(result) : resolve(result)) });
    if (!target.busy) void drain(db, target);
  });
}

async function drain(db: Db, queue: Queue) {
  queue.busy = true;
  // Submissions made in this turn of the event loop join the first batch.
  await new Promise((resolve) => setImmediate(resolve));
  while (queue.waiting.length > 0) {
    const batch = queue.waiting.splice(0, maxBatch);
    try {
      const results = await acceptBatch(
        db,
        queue.kind,
        batch.map((w) => w.submission),
      );
      batch.forEach((w, i) => w.settle(results[i]!));
    } catch (error) {
      const failure = error instanceof Error ? error : new Error(String(error));
      for (const w of batch) w.settle(failure);
    }
  }
  queue.busy = false;
}

/**
 * Enquiries are kept for the period the privacy notice states after their last activity; those marked as clients are
 * kept. Refused enquiries are kept for the same period from when they were refused. (Rate-limit hits have a clean-up of
 * their own, each scope for its window: features/limits.ts.)
 */
export async function deleteExpiredLeadData(db: Db, now = Date.now()): Promise<void> {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - business.retention.enquiryMonths);
  await db.deleteFrom('contact_messages').where('updated_at', '<', cutoff.getTime()).where('status', '!=', 'client').execute();
  // Enquiries the limit refused (the name and e-mail address tried, so the owner can call back) are kept as long.
  await deleteRefusedEnquiriesBefore(db, cutoff.getTime());
}
