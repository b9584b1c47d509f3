/** Row types of the tables of search data (0017, docs/search.md); part of `Database` (./schema.ts). Times are epoch milliseconds. */
/** One row of search data (0017): '' where the source does not split by that dimension. */
export interface SearchRowTable {
  /** The watched site's id (watch_sites.id; 'this-site' for this website). */
  site: string;
  /** google | bing | import */
  source: string;
  day: string;
  query: string;
  /** The page's path on the site (its full URL when it is not on the site). */
  page: string;
  /** DESKTOP | MOBILE | TABLET (Google), '' otherwise. */
  device: string;
  clicks: number;
  impressions: number;
  /** Average position × impressions. */
  position_sum: number;
}

export interface SearchRowStagingTable extends SearchRowTable {
  run_id: string;
}

export interface SearchDailyTable {
  site: string;
  source: string;
  day: string;
  clicks: number;
  impressions: number;
  position_sum: number;
}

export interface SearchMonthlyQueryTable {
  site: string;
  source: string;
  /** YYYY-MM */
  month: string;
  query: string;
  clicks: number;
  impressions: number;
  position_sum: number;
}

export interface SearchMonthlyPageTable {
  site: string;
  source: string;
  month: string;
  page: string;
  clicks: number;
  impressions: number;
  position_sum: number;
}

export interface SearchSourceTable {
  site: string;
  source: string;
  /** ok | off | unshared (the property or Bing site is not the account's) | error */
  state: string;
  message: string;
  last_attempt_at: number | null;
  last_success_at: number | null;
  rows_stored: number;
  data_to_day: string | null;
}
