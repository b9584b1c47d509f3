/** What the free audit's results page, its progress stream and the admin read: the shapes the server builds. */
export type AuditStatus = 'queued' | 'running' | 'done' | 'failed';
export type AuditSeverity = 'error' | 'warning' | 'notice';

/** One place a problem was found. */
export interface AuditDetail {
  /** The page, as its path on the audited site ("/about"), or its whole address when elsewhere; null site-wide. */
  page: string | null;
  /** The checker's own sentence, e.g. "The title has 72 characters: …" (plain text, never markup). */
  text: string;
}

/** One kind of problem found, with every place it was found. */
export interface AuditFindingGroup {
  rule: string;
  severity: AuditSeverity;
  title: string;
  why: string;
  fix: string;
  /** Pages it was found on (0 for a site-wide problem). */
  pages: number;
  siteWide: boolean;
  /** Every place it was found, with what was found there. */
  details: AuditDetail[];
  /** Points it takes off the score. */
  points: number;
}

export interface AuditResult {
  score: number;
  scoreLabel: string;
  pages: number;
  analysed: number;
  errors: number;
  warnings: number;
  notices: number;
  /** Most important first. */
  groups: AuditFindingGroup[];
  /** Titles of the checks that found nothing. */
  passed: string[];
  /** Pages checked with what each answered. */
  pageList: { url: string; status: number | null; note: string | null }[];
  /** Why the report may be partial (deadline, page cap). */
  notes: string[];
}

/** What the progress stream sends and the results page shows while an audit runs. */
export interface AuditProgress {
  status: AuditStatus;
  phase: 'queued' | 'start' | 'pages' | 'links';
  done: number;
  total: number;
  /** 1-based place in the queue while waiting. */
  position: number | null;
  /** The sentence to show. */
  text: string;
}

export interface AuditView {
  id: string;
  site: string;
  startUrl: string;
  createdAt: number;
  finishedAt: number | null;
  progress: AuditProgress;
  /** Why it failed, or a note on the result. */
  message: string | null;
  result: AuditResult | null;
}

/** An audit in the owner's list. */
export interface AuditListItem {
  id: string;
  site: string;
  createdAt: number;
  status: AuditStatus;
  score: number | null;
  pages: number | null;
  leadId: string | null;
}

export interface AuditConversion {
  days: number;
  audits: number;
  enquiries: number;
  /** Share of finished audits that became an enquiry, 0–1; null when there were none. */
  rate: number | null;
}

/** GET /api/admin/audits: the latest audits and the audit's conversion rate. */
export interface AuditsAnswer {
  ok: true;
  now: number;
  audits: AuditListItem[];
  conversion: AuditConversion;
}

/** An audit started (or the same site's recent one shown): where its results page is. */
export interface AuditStartAnswer {
  ok: true;
  id: string;
  url: string;
  /** How long ago a recent audit of the same site ran; null for a new one. */
  recentMinutes: number | null;
}
