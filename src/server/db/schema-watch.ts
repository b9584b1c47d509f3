/** Row types of the tables of watched sites and their alerts (0018, docs/watch.md); part of `Database` (./schema.ts). Times are epoch milliseconds. */
import type { QueueColumns } from './schema-queue';

export interface WatchSiteTable {
  id: string;
  url: string;
  name: string;
  client_email: string | null;
  copy_client: number;
  own: number;
  crawl_every_hours: number;
  availability_every_minutes: number;
  /** JSON array of check kinds switched off. */
  kinds_off: string;
  /** Its Search Console property when not `sc-domain:` + its host; null for that default. */
  search_property: string | null;
  created_at: number;
  updated_at: number;
  removed_at: number | null;
}

export interface WatchScheduleTable {
  site_id: string;
  kind: string;
  next_due_at: number;
  last_run_at: number | null;
}

export interface WatchResultTable {
  id: string;
  site_id: string;
  kind: string;
  at: number;
  ok: number;
  response_ms: number | null;
  score: number | null;
  summary: string;
  /** JSON: what the check saw. */
  evidence: string;
}

export interface WatchAlertTable {
  id: string;
  site_id: string;
  kind: string;
  problem: string;
  /** `site|problem` while open, null once closed. */
  open_key: string | null;
  urgent: number;
  title: string;
  detail: string;
  evidence: string;
  opened_at: number;
  last_seen_at: number;
  closed_at: number | null;
  /** What the owner did about it while open: 'acknowledged' (seen, no reminders) or 'muted' (no messages); null: nothing. */
  handled: string | null;
  handled_at: number | null;
  /** Who did it (the owner's e-mail address). */
  handled_by: string | null;
  handled_note: string | null;
  /** When its last reminder was written; null: none yet. */
  reminded_at: number | null;
}

/** A queue table (platform/queue.ts): pending until the receiver answered 2xx. */
export interface WatchWebhookTable extends QueueColumns {
  alert_id: string;
  url: string;
  body: string;
}

/** Which alert an alert e-mail (an outbox row) is about. */
export interface WatchAlertMailTable {
  mail_id: string;
  alert_id: string;
}
