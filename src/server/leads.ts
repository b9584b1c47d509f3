/** Accepting a contact message: rate limit, lead row and notification e-mail, all in one transaction. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { business } from '../config/business';
import { contactLimits } from '../config/contact';
import { type ContactInput, type RequestType, requestTypeLabels } from '../lib/contact';
import type { Db, DbKind } from './db';
import { enqueueMail } from './outbox';

const scope = 'contact';
export const rateLimitWindowMs = contactLimits.windowMinutes * 60 * 1000;

export type AcceptResult = { accepted: true; id: string } | { accepted: false; retryAfterMinutes: number };

function minutesUntilFree(oldestInWindow: number, now: number): number {
  return Math.max(1, Math.ceil((oldestInWindow + rateLimitWindowMs - now) / 60_000));
}

async function hitsInWindow(db: Db, clientHash: string, now: number) {
  const row = await db
    .selectFrom('rate_limit_hits')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min<number>('created_at').as('oldest')])
    .where('scope', '=', scope)
    .where('client_hash', '=', clientHash)
    .where('created_at', '>', now - rateLimitWindowMs)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: Number(row.oldest ?? now) };
}

/** A cheap look before validation, so a blocked client hears about the limit first (SPEC §5 order). */
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
      `Name:     ${input.name}`,
      `E-mail:   ${input.email}`,
      `Subject:  ${input.subject}`,
      `Received: ${new Date(now).toUTCString()}`,
      `Reference: ${id}`,
      '',
      input.message,
      '',
      '— Reply to this e-mail to answer the sender directly.',
    ].join('\n'),
  };
}

/**
 * Stores a validated message and its notification e-mail, unless the client already has the maximum number of
 * accepted messages in the window. The hit is inserted before counting and PostgreSQL takes a per-client lock, so
 * concurrent requests from one client cannot all slip under the limit, in one instance or several.
 */
export async function acceptSubmission(
  db: Db,
  kind: DbKind,
  input: { clientHash: string; data: ContactInput; requestType: RequestType; notify: string; now?: number },
): Promise<AcceptResult> {
  const now = input.now ?? Date.now();
  return db.transaction().execute(async (trx) => {
    if (kind === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${input.clientHash}))`.execute(trx);
    await trx.insertInto('rate_limit_hits').values({ id: randomUUID(), scope, client_hash: input.clientHash, created_at: now }).execute();
    const { count, oldest } = await hitsInWindow(trx, input.clientHash, now);
    if (count > contactLimits.maxSubmissions) {
      // Throwing rolls the hit back; the caller gets the wait instead.
      throw new RateLimited(minutesUntilFree(oldest, now));
    }
    const id = randomUUID();
    await trx
      .insertInto('contact_messages')
      .values({ id, created_at: now, request_type: input.requestType, ...input.data })
      .execute();
    const mail = leadEmail(input.data, input.requestType, id, now);
    await enqueueMail(trx, { kind: 'lead', recipient: input.notify, replyTo: input.data.email, messageId: id, now, ...mail });
    return { accepted: true as const, id };
  }).catch((error: unknown) => {
    if (error instanceof RateLimited) return { accepted: false as const, retryAfterMinutes: error.minutes };
    throw error;
  });
}

class RateLimited extends Error {
  constructor(readonly minutes: number) {
    super('rate limited');
  }
}

/** Rate-limit hits are only needed for the window; leads are kept for the period the privacy notice states. */
export async function deleteExpiredLeadData(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('created_at', '<', now - rateLimitWindowMs).execute();
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - business.retention.enquiryMonths);
  await db.deleteFrom('contact_messages').where('created_at', '<', cutoff.getTime()).execute();
}
