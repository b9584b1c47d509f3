/** The Search view's wire types: what its endpoints answer and its query hooks read. */
import type { OpportunityKind } from '~/config/search';

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
  /** Visits from search engines that entered the site on this page, in the period. */
  visits: number;
  /** Of those visits, the ones that sent an enquiry. */
  enquiries: number;
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
  state: 'ok' | 'off' | 'error';
  message: string;
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  rowsStored: number;
  dataToDay: string | null;
}

export interface SearchStatus {
  ok: true;
  sources: SearchSourceStatus[];
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
