import type { Generated } from 'kysely';
import type { QueueColumns } from './schema-queue';
import type { ReportTable, ReportLinkTable, ReportSendTable, ReportSiteSettingTable } from './schema-reports';
import type {
  SearchRowTable,
  SearchRowStagingTable,
  SearchDailyTable,
  SearchMonthlyQueryTable,
  SearchMonthlyPageTable,
  SearchSourceTable,
} from './schema-search';
import type { WatchSiteTable, WatchScheduleTable, WatchResultTable, WatchAlertTable, WatchAlertMailTable, WatchWebhookTable } from './schema-watch';

export type * from './schema-reports';
export type * from './schema-search';
export type * from './schema-watch';

/** Row types of the tables created in ./migrations. Times are epoch milliseconds. */
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
  /** Name, e-mail, subject and message folded for search (src/server/db/search-text.mjs). */
  search_text: Generated<string>;
}

export interface AccountEventTable {
  id: string;
  user_id: string;
  type: string;
  address: string | null;
  user_agent: string | null;
  created_at: number;
}

export type MailKind = 'lead' | 'alert' | 'password_reset' | 'audit_report' | 'weekly_summary' | 'watch_alert' | 'report_draft' | 'client_report';
export type MailStatus = QueueColumns['status'];

/** A queue table (platform/outbox.ts is its channel). */
export interface MailOutboxTable extends QueueColumns {
  message_id: string | null;
  kind: MailKind;
  recipient: string;
  reply_to: string | null;
  subject: string;
  body: string;
  /** JSON: [{ filename, contentType, base64 }], or null for none. */
  attachments: string | null;
}

/** A visitor's free audit (/free-seo-audit); the id is its results page's unguessable key. */
export interface AuditTable {
  id: string;
  site: string;
  /** The host without a leading www.: the same site is audited once per window. */
  domain: string;
  start_url: string;
  /** queued | running | done | failed */
  status: string;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  phase: string;
  progress_done: number;
  progress_total: number;
  score: number | null;
  pages: number | null;
  errors: number | null;
  warnings: number | null;
  notices: number | null;
  message: string | null;
  report: string | null;
  lead_id: string | null;
}

/** A browser's key to one audit's report by e-mail (only its hash); `sent_at` once its one report was accepted. */
export interface AuditReportTokenTable {
  token_hash: string;
  audit_id: string;
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
  /** The client address, when the event has one. */
  address: Generated<string | null>;
  /** The e-mail address tried (sign-in) or given (a refused enquiry). */
  email_tried: Generated<string | null>;
  /** The name given with a refused enquiry. */
  name_tried: Generated<string | null>;
  /** The outbox row of the alert e-mail that reported this event. */
  alert_id: Generated<string | null>;
}

export interface SettingTable {
  key: string;
  value: string;
}

export interface IndexNowPageTable {
  url: string;
  /** null: last submitted as removed from the sitemap. */
  content_hash: string | null;
  submitted_at: number;
}

export interface IndexNowSubmissionTable {
  id: string;
  created_at: number;
  trigger: string;
  url_count: number;
  /** JSON array of the URLs sent. */
  urls: string;
  /** The endpoint's HTTP status; null when it could not be reached. */
  status: number | null;
  outcome: string;
  message: string;
  attempts: number;
}

export interface IndexNowRunTable {
  id: string;
  started_at: number;
  finished_at: number;
  trigger: string;
  changed: number;
  removed: number;
  sent: number;
  outcome: string;
  message: string;
}

export interface JobLeaseTable {
  name: string;
  holder: string;
  expires_at: number;
}

export interface AiGenerationTable {
  id: string;
  user_id: string;
  created_at: number;
  /** blog | meta | service (src/config/ai.ts) */
  content_type: string;
  service: string | null;
  prompt: string;
  model: string;
  output: string;
  input_tokens: number | null;
  output_tokens: number | null;
  duration_ms: number;
  /** success | warning | failed | stopped */
  outcome: string;
  /** The error, or the warnings, in words. */
  message: string | null;
}

export interface SiteCheckRunTable {
  id: string;
  /** The checked site's origin. */
  site: string;
  start_url: string;
  max_pages: number;
  /** running | done | cancelled | failed */
  status: string;
  cancel_requested: Generated<number>;
  created_at: number;
  /** The run's heartbeat while it runs. */
  updated_at: number;
  finished_at: number | null;
  phase: string;
  progress_done: Generated<number>;
  progress_total: Generated<number>;
  pages: number | null;
  errors: number | null;
  warnings: number | null;
  notices: number | null;
  passed: number | null;
  message: string | null;
  /** The checker's report as JSON, once finished. */
  report: string | null;
}

export interface AnalyticsVisitTable {
  id: string;
  visitor: string;
  day: string;
  started_at: number;
  last_at: number;
  page_views: number;
  engaged_ms: number;
  entry_path: string;
  referrer: string | null;
  campaign: string | null;
  viewport: string;
  converted: number;
  /** utm_source, else the referring domain; null for a direct visit (and for visits before 0011). */
  source: string | null;
  browser: string | null;
  exit_path: string | null;
}

export interface AnalyticsConversionTable {
  lead_id: string;
  day: string;
  visitor: string | null;
  spam: number;
}

export interface AnalyticsPageViewTable {
  id: string;
  visit_id: string;
  day: string;
  at: number;
  path: string;
  viewport: string;
  engaged_ms: number;
  /** The metrics already recorded for this page view, comma-separated. */
  metrics: string;
  /** The goals already counted for this page view, space-separated (an outbound click as `outbound:<host>`). */
  goals: string;
}

export interface AnalyticsVisitorTable {
  day: string;
  visitor: string;
  converted: number;
}

export interface AnalyticsSaltTable {
  day: string;
  salt: string;
  created_at: number;
}

export interface AnalyticsDailyTable {
  day: string;
  page_views: number;
  visitors: number;
  visits: number;
  bounces: number;
  engaged_ms: number;
  conversions: number;
}

export interface AnalyticsDailyBreakdownTable {
  day: string;
  dimension: string;
  value: string;
  count: number;
}

export interface AnalyticsDailyVitalsTable {
  day: string;
  path: string;
  form_factor: string;
  metric: string;
  samples: number;
  good: number;
  needs_improvement: number;
  poor: number;
  /** JSON object: bucket index → count. */
  histogram: string;
}

export interface PostTable {
  id: string;
  slug: string;
  title: string;
  description: string;
  /** JSON array of strings. */
  keywords: string;
  body: string;
  cover_id: string | null;
  cover_alt: string | null;
  /** draft | scheduled | published | unpublished */
  status: string;
  /** When a scheduled post goes live. */
  publish_at: number | null;
  /** First publication (datePublished). */
  published_at: number | null;
  /** Last change while published (dateModified). */
  modified_at: number | null;
  created_at: number;
  updated_at: number;
  version: number;
}

export interface PostVersionTable {
  id: string;
  post_id: string;
  version: number;
  saved_at: number;
  /** JSON of the fields a save replaced. */
  snapshot: string;
}

export interface PostImageTable {
  id: string;
  width: number;
  height: number;
  /** avif | webp */
  format: string;
  /** Base64 of the encoded image. */
  data: string;
  created_at: number;
}

export interface Database {
  reports: ReportTable;
  report_links: ReportLinkTable;
  report_sends: ReportSendTable;
  report_site_settings: ReportSiteSettingTable;
  search_rows: SearchRowTable;
  search_rows_staging: SearchRowStagingTable;
  search_sources: SearchSourceTable;
  search_daily: SearchDailyTable;
  search_monthly_queries: SearchMonthlyQueryTable;
  search_monthly_pages: SearchMonthlyPageTable;
  watch_sites: WatchSiteTable;
  watch_schedule: WatchScheduleTable;
  watch_results: WatchResultTable;
  watch_alerts: WatchAlertTable;
  watch_webhooks: WatchWebhookTable;
  watch_alert_mails: WatchAlertMailTable;
  posts: PostTable;
  post_versions: PostVersionTable;
  post_images: PostImageTable;
  analytics_visits: AnalyticsVisitTable;
  analytics_page_views: AnalyticsPageViewTable;
  analytics_visitors: AnalyticsVisitorTable;
  analytics_conversions: AnalyticsConversionTable;
  analytics_salts: AnalyticsSaltTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_daily_breakdown: AnalyticsDailyBreakdownTable;
  analytics_daily_vitals: AnalyticsDailyVitalsTable;
  site_check_runs: SiteCheckRunTable;
  ai_generations: AiGenerationTable;
  indexnow_pages: IndexNowPageTable;
  indexnow_runs: IndexNowRunTable;
  indexnow_submissions: IndexNowSubmissionTable;
  job_leases: JobLeaseTable;
  account_events: AccountEventTable;
  contact_messages: ContactMessageTable;
  audits: AuditTable;
  audit_report_tokens: AuditReportTokenTable;
  mail_outbox: MailOutboxTable;
  rate_limit_hits: RateLimitHitTable;
  security_events: SecurityEventTable;
  settings: SettingTable;
}
