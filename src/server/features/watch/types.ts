/** What every check of a watched site gives back, and what the checks are handed. */
import type { AddressPolicy } from '../sitecheck';

/** A problem a check sees now. `key` names it from one run to the next (one open alert per key and site). */
export interface Problem {
  key: string;
  title: string;
  detail: string;
  /** Urgent ones are sent at once, even in quiet hours. */
  urgent: boolean;
  evidence: unknown;
  /**
   * What is new since the open alert for this key was last sent (a later crawl's further findings): the open alert is
   * told once more, with only this. Ignored when no alert is open (the new one lists everything).
   */
  news?: { title: string; detail: string };
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
  /**
   * The ports that stand for http's 80 and https's 443 (tests: fixtures on free loopback ports), so the check that
   * http:// redirects to https:// can be made there; unset, 80 and 443.
   */
  ports?: { http: number; https: number };
  crawlMaxPages: number;
  /** A crawl is ended after this (watchDefaults.crawlDeadlineMinutes; tests shorten it). */
  crawlDeadlineMs: number;
  /**
   * The site checker's child process (sitecheck/check-process.mjs), where crawls and the availability check's reading
   * of robots.txt and the sitemap run; unset, they run on the main thread (tests).
   */
  checkProcess?: string;
}

/** A watched site: the wire type of src/lib (client code cannot import the server's), the one definition. */
export type { WatchSite as WatchedSite } from '~/lib/watch-types';
