import type { Generated } from 'kysely';

/** Row types of the tables created in migrations.mjs. Times are epoch milliseconds. */
export interface ContactMessageTable {
  id: string;
  created_at: number;
  request_type: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** new | replied | client | spam (src/config/admin.ts) */
  status: Generated<string>;
  /** Last activity: received or marked. Retention counts from here. */
  updated_at: number;
}

export interface AccountEventTable {
  id: string;
  user_id: string;
  type: string;
  address: string | null;
  user_agent: string | null;
  created_at: number;
}

export type MailKind = 'lead' | 'alert' | 'password_reset';
export type MailStatus = 'pending' | 'sent';

export interface MailOutboxTable {
  id: string;
  message_id: string | null;
  kind: MailKind;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: number;
  locked_until: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface RateLimitHitTable {
  id: string;
  scope: string;
  client_hash: string;
  created_at: number;
}

export interface SecurityEventTable {
  id: string;
  type: string;
  severity: string;
  details: string;
  user_agent: string | null;
  created_at: number;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface Database {
  account_events: AccountEventTable;
  contact_messages: ContactMessageTable;
  mail_outbox: MailOutboxTable;
  rate_limit_hits: RateLimitHitTable;
  security_events: SecurityEventTable;
  settings: SettingTable;
}
