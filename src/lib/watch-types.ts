/** What the watching endpoints answer: the admin's Sites and Alerts views read these, the routes are built with them. */
import type { WatchHistoryPeriod, WatchKind } from '~/config/watch';
import type { Site } from './site-types';

export interface WatchSiteHealth {
  /** Share of availability checks the home page answered 2xx, over 30 and 90 days; null without checks. */
  uptime30: number | null;
  uptime90: number | null;
  /** The first availability check of the 90 days (uptime is said since then when it is more recent). */
  firstCheckAt: number | null;
  /** Response time of the home page over the last 30 days. */
  responseP50: number | null;
  responseP95: number | null;
  checks30: number;
  /** From the latest certificate check. */
  certificate: { validTo: number; daysLeft: number; names: string[] } | null;
  /** The crawls' scores, oldest first (the last 30). */
  scores: { at: number; score: number }[];
  lastChecks: { kind: WatchKind; at: number; ok: boolean; summary: string }[];
  openAlerts: number;
}

/**
 * A watched site as it is stored: the one definition the server's checks are handed (WatchedSite in
 * server/features/watch/types.ts is this) and the admin's view extends. A Site (src/lib/site-types.ts) with its checks.
 */
export interface WatchSite extends Site {
  clientEmail: string | null;
  copyClient: boolean;
  /** Its Search Console property when not `sc-domain:` + its host; null for that default. */
  searchProperty: string | null;
  crawlEveryHours: number;
  availabilityEveryMinutes: number;
  kindsOff: WatchKind[];
  createdAt: number;
  removedAt: number | null;
}

/** A site as the admin shows it: the checks it gets now, and its health. */
export interface WatchSiteView extends WatchSite {
  kinds: WatchKind[];
  health: WatchSiteHealth;
}

/**
 * The quiet hours in force, as clock times (UK time), and who set them: the server (WATCH_QUIET_HOURS, which wins),
 * the owner in the admin, or nobody (null: none).
 */
export interface WatchQuietHours {
  from: string | null;
  to: string | null;
  source: 'server' | 'admin' | null;
}

export interface WatchAlertView {
  id: string;
  siteId: string;
  siteName: string;
  kind: WatchKind;
  title: string;
  detail: string;
  urgent: boolean;
  open: boolean;
  openedAt: number;
  lastSeenAt: number;
  closedAt: number | null;
  /** What the check saw: the crawl's changes, the response, the chart point. */
  evidence: unknown;
  /** When its message held by quiet hours is sent; null when none is held. */
  heldUntil: number | null;
  /** What the owner did about it while open (acknowledged: seen, no reminders; muted: no messages); null: nothing. */
  handled: WatchAlertHandled | null;
  /** When its last reminder was written; null: none. */
  remindedAt: number | null;
}

export type WatchAlertState = 'acknowledged' | 'muted';

export interface WatchAlertHandled {
  state: WatchAlertState;
  at: number;
  /** The owner's e-mail address. */
  by: string;
  note: string | null;
}

export interface WatchSitesAnswer {
  ok: true;
  now: number;
  sites: WatchSiteView[];
  quietHours: WatchQuietHours;
}

export interface WatchSiteAnswer {
  ok: true;
  site: WatchSiteView;
}

export interface WatchAlertsAnswer {
  ok: true;
  now: number;
  alerts: WatchAlertView[];
  open: number;
}

export interface WatchDoneAnswer {
  ok: true;
}

export interface WatchQuietHoursAnswer {
  ok: true;
  quietHours: WatchQuietHours;
}

/** "Check now": the site with the results of the checks just run. */
export interface WatchCheckNowAnswer {
  ok: true;
  now: number;
  site: WatchSiteView;
}

/** An alert acknowledged, muted or set back. */
export interface WatchAlertAnswer {
  ok: true;
  alert: WatchAlertView;
}

/** A site's availability checks over a period: per slot, and the incidents (runs of checks that found it down). */
export interface WatchHistory {
  period: WatchHistoryPeriod;
  from: number;
  to: number;
  /** Oldest first; a slot without checks has 0 checks and null times. */
  slots: { from: number; checks: number; down: number; medianMs: number | null }[];
  /** Oldest first; `to` is the first check that found it answering again, null while it is still down. */
  incidents: { from: number; to: number | null; checks: number }[];
  checks: number;
  down: number;
  medianMs: number | null;
  slowestMs: number | null;
}

export interface WatchHistoryAnswer {
  ok: true;
  history: WatchHistory;
}
