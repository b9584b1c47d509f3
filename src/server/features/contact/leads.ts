/** Accepting a contact message: rate limit, lead row and notification e-mail, all in one transaction. */
import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { signInLimits } from '~/config/admin';
import { aiLimits } from '~/config/ai';
import { auditLimits } from '~/config/audit';
import { business } from '~/config/business';
import { checklist } from '~/config/checklist';
import { contactLimits } from '~/config/contact';
import { type ContactInput, type RequestType, requestTypeLabels } from '~/lib/contact';
import { absoluteUrl } from '~/seo/urls';
import type { Db, DbKind } from '../../db';
import type { Database } from '../../db/schema';
import { enqueueMail } from '../../platform/outbox';
import { addHit, deleteHitsOlderThan, hitTimes, msUntilFree, removeHit } from '../../platform/rate-limit';

const scope = 'contact';
export const rateLimitWindowMs = contactLimits.windowMinutes * 60 * 1000;
/** The longest a rate-limit hit matters: the contact window, a sign-in window or lock, or the AI generator's hour. */
export const longestHitWindowMs = Math.max(
  rateLimitWindowMs,
  ...[
    signInLimits.addressWindowMinutes,
    signInLimits.accountWindowMinutes,
    signInLimits.lockMinutes,
    aiLimits.windowMinutes,
    auditLimits.clientWindowMinutes,
  ].map((m) => m * 60_000),
);

export type AcceptResult = { accepted: true; id: string } | { accepted: false; retryAfterMinutes: number };

function minutesUntilFree(oldestInWindow: number, now: number): number {
  return Math.max(1, Math.ceil(msUntilFree(oldestInWindow, rateLimitWindowMs, now) / 60_000));
}

async function hitsInWindow(db: Db, clientHash: string, now: number) {
  const times = await hitTimes(db, scope, clientHash, now - rateLimitWindowMs);
  return { count: times.length, oldest: times[0] ?? now };
}

/** A cheap look before validation, so a blocked client hears about the limit first (the honeypot, then the limit, then the fields). */
export async function rateLimitStatus(db: Db, clientHash: string, now = Date.now()): Promise<{ limited: boolean; retryAfterMinutes: number }> {
  const { count, oldest } = await hitsInWindow(db, clientHash, now);
  const limited = count >= contactLimits.maxSubmissions;
  return { limited, retryAfterMinutes: limited ? minutesUntilFree(oldest, now) : 0 };
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
 * Stores validated messages with their notification e-mails, unless a client already has the maximum number of
 * accepted messages in the window. Each hit is inserted before counting, and PostgreSQL takes a lock per client, so
 * concurrent requests cannot slip under the limit, in one instance or several.
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
      const hitId = await addHit(trx, scope, submission.clientHash, now);
      const { count, oldest } = await hitsInWindow(trx, submission.clientHash, now);
      if (count > contactLimits.maxSubmissions) {
        await removeHit(trx, hitId);
        results.push({ accepted: false, retryAfterMinutes: minutesUntilFree(oldest, now) });
        continue;
      }
      const id = randomUUID();
      await trx
        .insertInto('contact_messages')
        .values({ id, created_at: now, updated_at: now, request_type: submission.requestType, ...submission.data })
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
 * Rate-limit hits are only needed for their window (the longest is the AI generator's hour). Enquiries are kept for the
 * period the privacy notice states after their last activity; those marked as clients are kept.
 */
export async function deleteExpiredLeadData(db: Db, now = Date.now()): Promise<void> {
  // Every limit's window, the AI generator's hour included: deleting sooner would hand out its slots again.
  await deleteHitsOlderThan(db, now - longestHitWindowMs);
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - business.retention.enquiryMonths);
  await db.deleteFrom('contact_messages').where('updated_at', '<', cutoff.getTime()).where('status', '!=', 'client').execute();
}
