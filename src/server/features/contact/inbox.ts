/** The lead inbox: enquiries with their e-mail delivery state, marked, searched, exported and erased by the owner. */
import { sql } from 'kysely';
import { adminPageSize, type LeadStatus, leadStatuses } from '~/config/admin';
import type { Delivery, Lead, PeriodCount } from '~/lib/admin-types';
import type { Db } from '../../db';
import { foldForSearch } from '../../db/search-text.mjs';
import { pageWithin } from '../../api/paging';
import { dayEnd, dayStart } from '~/lib/days.mjs';

/** How enquiries' e-mails can go out: whether a mail server is set up, and the time to measure the next try from. */
export interface MailView {
  configured: boolean;
  now: number;
}

export interface LeadQuery {
  search?: string;
  status?: LeadStatus | 'all';
  page?: number;
  /** Page size; the inbox's by default. */
  limit?: number;
}

function leadsQuery(db: Db) {
  return db
    .selectFrom('contact_messages as m')
    .leftJoin('mail_outbox as o', (join) => join.onRef('o.message_id', '=', 'm.id').on('o.kind', '=', 'lead'))
    .select([
      'm.id',
      'm.created_at',
      'm.updated_at',
      'm.request_type',
      'm.name',
      'm.email',
      'm.subject',
      'm.message',
      'm.status',
      'o.status as mail_status',
      'o.sent_at',
      'o.attempts',
      'o.next_attempt_at',
      'o.last_error',
    ]);
}

type LeadRow = Awaited<ReturnType<ReturnType<typeof leadsQuery>['execute']>>[number];

/**
 * An enquiry's e-mail to the owner: sent, waiting for its next try (never a time in the past: a row already due goes
 * at the worker's next round, so "now"), or not going anywhere because no mail server is set up.
 */
function delivery(row: LeadRow, mail: MailView): Delivery {
  if (row.mail_status === null || row.mail_status === undefined) return { state: 'none', sentAt: null, attempts: 0, nextAttemptAt: null, lastError: null };
  const attempts = Number(row.attempts ?? 0);
  const lastError = row.last_error ?? null;
  if (row.mail_status === 'sent') return { state: 'sent', sentAt: row.sent_at === null ? null : Number(row.sent_at), attempts, nextAttemptAt: null, lastError };
  if (!mail.configured) return { state: 'not-set-up', sentAt: null, attempts, nextAttemptAt: null, lastError };
  return { state: 'waiting', sentAt: null, attempts, nextAttemptAt: Math.max(Number(row.next_attempt_at ?? mail.now), mail.now), lastError };
}

function toLead(row: LeadRow, mail: MailView): Lead {
  return {
    id: row.id,
    receivedAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    requestType: row.request_type,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status as LeadStatus,
    delivery: delivery(row, mail),
  };
}

/** The inbox's filter as the page's address gives it: the page and the CSV export read it the same way. */
export function leadQueryFromParams(params: URLSearchParams): Required<Pick<LeadQuery, 'search' | 'status' | 'page'>> {
  const status = params.get('status');
  return {
    search: (params.get('q') ?? '').trim().slice(0, 200),
    status: leadStatuses.includes(status as LeadStatus) ? (status as LeadStatus) : 'all',
    page: Math.floor(Number(params.get('page'))) || 1,
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything; folded like the text it searches. */
function likePattern(search: string): string {
  return `%${foldForSearch(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Db, query: LeadQuery) {
  let q = leadsQuery(db);
  if (query.status && query.status !== 'all') q = q.where('m.status', '=', query.status);
  const search = query.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    // Accents and case ignored: "zoe" finds "Zoë" (search_text is folded when the enquiry is stored).
    q = q.where(sql<boolean>`m.search_text like ${pattern} escape '\\'`);
  }
  return q;
}

export async function listLeads(db: Db, query: LeadQuery, mail: MailView): Promise<{ leads: Lead[]; total: number; page: number; pages: number }> {
  const base = filtered(db, query);
  const { total } = await db
    .selectFrom(base.as('f'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const limit = query.limit ?? adminPageSize;
  const pages = Math.max(1, Math.ceil(Number(total) / limit));
  const page = pageWithin(query.page, pages);
  const rows = await base
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { leads: rows.map((row) => toLead(row, mail)), total: Number(total), page, pages };
}

/** Every enquiry the filter shows (every page of it), oldest first, for the CSV export. */
export async function allLeads(db: Db, query: LeadQuery, mail: MailView): Promise<Lead[]> {
  const rows = await filtered(db, query).orderBy('m.created_at').orderBy('m.id').execute();
  return rows.map((row) => toLead(row, mail));
}

export async function getLead(db: Db, id: string, mail: MailView): Promise<Lead | null> {
  const row = await leadsQuery(db).where('m.id', '=', id).executeTakeFirst();
  return row ? toLead(row, mail) : null;
}

export async function setLeadStatus(db: Db, id: string, status: LeadStatus, now = Date.now()): Promise<boolean> {
  const result = await db.updateTable('contact_messages').set({ status, updated_at: now }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An erasure: the enquiry and its notification e-mail (the outbox row goes with it by cascade, and explicitly). */
export async function deleteLead(db: Db, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('mail_outbox').where('message_id', '=', id).execute();
    const result = await trx.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
}

/** Enquiries in the last 24 hours, 7 days and 30 days, each with the period before it (spam left out). */
/** Enquiries received (spam left out) on the days `from` to `to`, both included, in the business's time zone. */
export async function enquiriesOnDays(db: Db, from: string, to: string): Promise<number> {
  const rows = await db
    .selectFrom('contact_messages')
    .select('created_at')
    .where('created_at', '>=', dayStart(from))
    .where('created_at', '<', dayEnd(to))
    .where('status', '!=', 'spam')
    .execute();
  return rows.length;
}

/** When each enquiry (spam left out) since `since` was received, oldest first. */
export async function enquiryTimesSince(db: Db, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom('contact_messages')
    .select('created_at')
    .where('created_at', '>', since)
    .where('status', '!=', 'spam')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => Number(r.created_at));
}

export async function enquiryCounts(db: Db, now = Date.now()): Promise<PeriodCount[]> {
  const periods = [
    { label: 'Last 24 hours', hours: 24 },
    { label: 'Last 7 days', hours: 24 * 7 },
    { label: 'Last 30 days', hours: 24 * 30 },
  ];
  const since = now - 2 * periods.at(-1)!.hours * 3_600_000;
  const rows = await db.selectFrom('contact_messages').select('created_at').where('created_at', '>', since).where('status', '!=', 'spam').execute();
  const times = rows.map((r) => Number(r.created_at));
  return periods.map(({ label, hours }) => {
    const span = hours * 3_600_000;
    return {
      label,
      hours,
      count: times.filter((t) => t > now - span && t <= now).length,
      previous: times.filter((t) => t > now - 2 * span && t <= now - span).length,
    };
  });
}
