import type { Generated } from 'kysely';

/** Row types of the tables of client reports (0019, docs/reports.md); part of `Database` (./schema.ts). Times are epoch milliseconds. */
export interface ReportTable {
  id: string;
  /** The site's one id: `thisSiteId` (src/config/sites.mjs) for this website, else the watched site's id. */
  site_key: string;
  /** 'YYYY-MM' for a monthly report, null for one made on demand. */
  month: string | null;
  period_from: string;
  period_to: string;
  /** draft | sent */
  status: string;
  /** The report's figures as JSON (src/lib/report-types.ts). */
  data: string;
  summary: Generated<string>;
  created_at: number;
  updated_at: number;
  approved_at: number | null;
  sent_at: number | null;
  recipient: string | null;
}

export interface ReportLinkTable {
  token_hash: string;
  report_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface ReportSendTable {
  report_id: string;
  recipient: string;
  mail_id: string;
  /** approval | auto */
  trigger: string;
  created_at: number;
}

export interface ReportSiteSettingTable {
  site_key: string;
  auto_send: Generated<number>;
  updated_at: number;
  /** The client contact the e-mail greets by name (0022); null: a neutral greeting. */
  contact_name: string | null;
  /** JSON array of the report's recipients (0022); null: the watched site's client e-mail. */
  recipients: string | null;
  /** JSON array of the parts of the report the client gets (0022, reportContents ids); null: all. */
  contents: string | null;
}
