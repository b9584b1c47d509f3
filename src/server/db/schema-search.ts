/** Row types of the tables of search data (0017, docs/search.md); part of `Database` (./schema.ts). Times are epoch milliseconds. */
/** One row of search data (0017): '' where the source does not split by that dimension. */
export interface SearchRowTable {
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
  source: string;
  day: string;
  clicks: number;
  impressions: number;
  position_sum: number;
}

export interface SearchMonthlyQueryTable {
  source: string;
  /** YYYY-MM */
  month: string;
  query: string;
  clicks: number;
  impressions: number;
  position_sum: number;
}

export interface SearchMonthlyPageTable {
  source: string;
  month: string;
  page: string;
  clicks: number;
  impressions: number;
  position_sum: number;
}

export interface SearchSourceTable {
  source: string;
  /** ok | off | error */
  state: string;
  message: string;
  last_attempt_at: number | null;
  last_success_at: number | null;
  rows_stored: number;
  data_to_day: string | null;
}
