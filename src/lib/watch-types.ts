/** What the watching endpoints answer: the admin's Sites and Alerts views read these, the routes are built with them. */
import type { WatchKind } from '~/config/watch';

export interface WatchSiteHealth {
  /** Share of availability checks the home page answered 2xx, over 30 and 90 days; null without checks. */
  uptime30: number | null;
  uptime90: number | null;
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

export interface WatchSiteView {
  id: string;
  url: string;
  name: string;
  clientEmail: string | null;
  copyClient: boolean;
  /** Its Search Console property when not `sc-domain:` + its host; null for that default. */
  searchProperty: string | null;
  own: boolean;
  crawlEveryHours: number;
  availabilityEveryMinutes: number;
  kindsOff: WatchKind[];
  kinds: WatchKind[];
  createdAt: number;
  removedAt: number | null;
  health: WatchSiteHealth;
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
}

export interface WatchSitesAnswer {
  ok: true;
  now: number;
  sites: WatchSiteView[];
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
