/** Row types of the tables created in migrations.mjs. Times are epoch milliseconds. */
export interface ContactMessageTable {
  id: string;
  created_at: number;
  request_type: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type MailKind = 'lead' | 'alert';
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
  contact_messages: ContactMessageTable;
  mail_outbox: MailOutboxTable;
  rate_limit_hits: RateLimitHitTable;
  security_events: SecurityEventTable;
  settings: SettingTable;
}
