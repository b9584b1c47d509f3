/** The Search view's wire types: what its endpoints answer and its query hooks read. */
import type { OpportunityKind, SearchCompare } from '~/config/search';
import type { Site } from './site-types';

export interface SearchFigures {
  clicks: number;
  impressions: number;
  /** clicks ÷ impressions; null without impressions. */
  ctr: number | null;
  /** Impression-weighted average position; null without impressions. */
  position: number | null;
}

export interface SearchPoint extends SearchFigures {
  day: string;
}

export interface SearchRange {
  from: string;
  to: string;
  label: string;
}

export interface SearchOverview {
  ok: true;
  range: SearchRange;
  previous: { from: string; to: string };
  /** What `previous` is: the days just before, or the same days a year earlier. */
  compare: SearchCompare;
  totals: SearchFigures;
  previousTotals: SearchFigures;
  series: SearchPoint[];
  /** False while no source has stored a row (the view then says how to connect one). */
  hasData: boolean;
  /**
   * An imported Search Console export the period reads: its range, its days and how many of them the period holds.
   * Its daily totals are per day; its queries and pages are totals of the whole range, listed (`listed`) when the
   * period holds the range's last day, where they are stored. Null without one.
   */
  imported: { from: string; to: string; days: number; covered: number; listed: boolean } | null;
}

export interface SearchQueryRow extends SearchFigures {
  query: string;
}

export interface SearchPageRow extends SearchFigures {
  page: string;
  /** Visits from search engines that entered the site on this page, in the period; null for a client's site (the
   * analytics count this website only). */
  visits: number | null;
  /** Of those visits, the ones that sent an enquiry; null for a client's site. */
  enquiries: number | null;
  /** p75 Largest Contentful Paint from real users in the period, in ms; null without samples. */
  lcpP75: number | null;
}

export interface SearchListAnswer<Row> {
  ok: true;
  rows: Row[];
  /** Rows matching, over every page of the list. */
  total: number;
}

export interface SearchDetail {
  ok: true;
  /** Position (and figures) day by day. */
  series: SearchPoint[];
  /** For a query: the pages that rank for it; for a page: its top queries. */
  related: (SearchFigures & { key: string })[];
  /** Days an admin post at this page was changed while published. */
  changes: string[];
}

export interface Opportunity extends SearchFigures {
  kind: OpportunityKind;
  /** A query (striking distance) or a page's path. */
  key: string;
  /** The page to work on (for a query: the page that gets most of its impressions). */
  page: string;
  expectedCtr?: number;
}

export interface SearchOpportunities {
  ok: true;
  lists: Record<OpportunityKind, Opportunity[]>;
}

export interface SearchSourceStatus {
  source: string;
  label: string;
  /** unshared: the site's property is not shared with the service account, or its site is not in the Bing account. */
  state: 'ok' | 'off' | 'unshared' | 'error';
  message: string;
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  rowsStored: number;
  dataToDay: string | null;
}

/** A watched client's site (a Site, src/lib/site-types.ts): its property and each source's state for it. */
export interface SearchSiteStatus extends Site {
  /** The Search Console property read for it. */
  property: string;
  sources: SearchSourceStatus[];
  /** Whether any source has stored a row for it (the Search view then offers it). */
  hasData: boolean;
}

export interface SearchStatus {
  ok: true;
  /** This website's sources. */
  sources: SearchSourceStatus[];
  /** The clients' sites now watched, in the order they were added. */
  sites: SearchSiteStatus[];
  /** When the server's daily sync runs next; null when no source is set up. */
  nextRunAt: number | null;
  running: boolean;
}

export interface SearchImportAnswer {
  ok: true;
  queries: number;
  pages: number;
  /** Days of daily totals (Dates.csv); 0 without it. */
  days: number;
  /** The export's range (its first and last day); the day of the import when it has no Dates.csv. */
  from: string;
  to: string;
  message: string;
}

/**
 * The Search Console properties the service account may read (`sites.list`), offered where the owner sets a site's
 * property, and the default property of the site asked about (this website's without one).
 */
export interface SearchPropertiesAnswer {
  ok: true;
  /** The service account's e-mail; null when Google is not connected. */
  email: string | null;
  /** The properties it may read; null when they could not be listed (`message` says why). */
  readable: string[] | null;
  message: string | null;
  /** The property a site has when none is set: the domain property of its registrable domain. */
  defaultProperty: string;
  /** This website's property (GSC_PROPERTY, else its default). */
  thisSite: { property: string; fromSetting: boolean };
}

/** The imported export removed: how many of its rows went. */
export interface SearchImportRemovedAnswer {
  ok: true;
  rows: number;
  message: string;
}

export interface SearchSyncAnswer {
  ok: true;
  started: true;
}

export interface SearchTopPrompt {
  ok: true;
  page: string;
  title: string | null;
  description: string | null;
  /** The admin post at this page, whose title and description the result can be applied to. */
  postId: string | null;
  /** The page's top queries in the period, most impressions first. */
  queries: string[];
}

/** A query with figures in one of the two periods and none in the other. */
export interface SearchQueryChange extends SearchFigures {
  query: string;
}

/**
 * Queries new and lost against the period compared: new ones have clicks or impressions now and none then (their
 * figures now); lost ones the reverse (their figures then). Most impressions first; `total` counts them all.
 */
export interface SearchNewLost {
  ok: true;
  range: { from: string; to: string };
  previous: { from: string; to: string };
  new: { rows: SearchQueryChange[]; total: number };
  lost: { rows: SearchQueryChange[]; total: number };
}
