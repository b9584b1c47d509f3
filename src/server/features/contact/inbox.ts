/** The lead inbox: enquiries with their e-mail delivery state, marked, searched, exported and erased by the owner. */
import { sql } from 'kysely';
import { adminPageSize, type LeadStatus } from '~/config/admin';
import type { Delivery, Lead, PeriodCount } from '~/lib/admin-types';
import type { Db } from '../../db';

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

function toLead(row: LeadRow): Lead {
  const delivery: Delivery =
    row.mail_status === null || row.mail_status === undefined
      ? { state: 'none', sentAt: null, attempts: 0, nextAttemptAt: null, lastError: null }
      : {
          state: row.mail_status === 'sent' ? 'sent' : 'waiting',
          sentAt: row.sent_at === null ? null : Number(row.sent_at),
          attempts: Number(row.attempts ?? 0),
          nextAttemptAt: row.mail_status === 'sent' || row.next_attempt_at === null ? null : Number(row.next_attempt_at),
          lastError: row.last_error ?? null,
        };
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
    delivery,
  };
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Db, query: LeadQuery) {
  let q = leadsQuery(db);
  if (query.status && query.status !== 'all') q = q.where('m.status', '=', query.status);
  const search = query.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    q = q.where((eb) =>
      eb.or(['m.name', 'm.email', 'm.subject', 'm.message'].map((column) => eb(sql`lower(${sql.ref(column)})`, 'like', sql`${pattern} escape '\\'`))),
    );
  }
  return q;
}

export async function listLeads(db: Db, query: LeadQuery = {}): Promise<{ leads: Lead[]; total: number; page: number; pages: number }> {
  const base = filtered(db, query);
  const { total } = await db
    .selectFrom(base.as('f'))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const limit = query.limit ?? adminPageSize;
  const pages = Math.max(1, Math.ceil(Number(total) / limit));
  const page = Math.min(Math.max(1, query.page ?? 1), pages);
  const rows = await base
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id')
    .limit(limit)
    .offset((page - 1) * limit)
    .execute();
  return { leads: rows.map(toLead), total: Number(total), page, pages };
}

/** Every matching enquiry, oldest first, for the CSV export. */
export async function allLeads(db: Db, query: LeadQuery = {}): Promise<Lead[]> {
  const rows = await filtered(db, query).orderBy('m.created_at').orderBy('m.id').execute();
  return rows.map(toLead);
}

export async function getLead(db: Db, id: string): Promise<Lead | null> {
  const row = await leadsQuery(db).where('m.id', '=', id).executeTakeFirst();
  return row ? toLead(row) : null;
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
