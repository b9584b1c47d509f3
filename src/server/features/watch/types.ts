/** What every check of a watched site gives back, and what the checks are handed. */
import type { WatchKind } from '~/config/watch';
import type { AddressPolicy } from '../sitecheck/address-guard.mjs';

/** A problem a check sees now. `key` names it from one run to the next (one open alert per key and site). */
export interface Problem {
  key: string;
  title: string;
  detail: string;
  /** Urgent ones are sent at once, even in quiet hours. */
  urgent: boolean;
  evidence: unknown;
}

export interface CheckOutcome {
  /** The check itself could run and found the site as it should be (for uptime: the home page answered). */
  ok: boolean;
  summary: string;
  responseMs: number | null;
  score: number | null;
  evidence: unknown;
  /** Every problem present now; an open alert whose key is missing is closed (the problem has gone). */
  problems: Problem[];
  /** The check could not look (the site did not answer it): open alerts of this kind are left as they are. */
  inconclusive?: boolean;
}

/** How the checks reach the network. */
export interface Reach {
  userAgent: string;
  addressPolicy: AddressPolicy;
  timeoutMs: number;
  /** Certificates trusted besides the system's (tests: their own CA). */
  extraCa?: string;
  crawlMaxPages: number;
  /** The crawl's child process (crawl-process.mjs); unset, crawls run on the main thread (tests). */
  crawlProcess?: string;
}

export interface WatchedSite {
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
  createdAt: number;
  removedAt: number | null;
}
