/**
 * The Search view's lists as CSV: every row of the top queries or top pages for the view (not the page shown), as the
 * list sums them. The file name names the site (its host) and the days. Cells are made safe for spreadsheets by
 * the route kit's CSV (a cell starting = + - @ is prefixed with ').
 */
import { searchDownloads } from '~/config/search';
import { thisSiteId } from '~/config/sites.mjs';
import type { SearchCsvQuery } from '~/lib/search-query';
import type { Db } from '../../db';
import { toCsv } from '../../api/csv';
import { siteById } from '../sites';
import { allPages, allQueries, searchSiteOf } from './view';

const percent = (ctr: number | null) => (ctr === null ? '' : (ctr * 100).toFixed(2));
const position = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** The host that names a site in a file name: the watched site's, or this website's. */
async function siteName(db: Db, query: SearchCsvQuery, siteUrl: string): Promise<string> {
  const site = query.site === thisSiteId ? null : await siteById(db, searchSiteOf(query));
  try {
    return new URL(site?.url ?? siteUrl).hostname;
  } catch {
    return 'site';
  }
}

export async function searchListCsv(db: Db, query: SearchCsvQuery, siteUrl: string, now = Date.now()): Promise<{ csv: string; fileName: string }> {
  const name = await siteName(db, query, siteUrl);
  if (query.list === 'queries') {
    const { range, rows } = await allQueries(db, query, now);
    const csv = toCsv(
      [...searchDownloads.queriesHeader],
      rows.map((row) => [row.query, row.clicks, row.impressions, percent(row.ctr), position(row.position)]),
    );
    return { csv, fileName: searchDownloads.fileName('queries', name, range.from, range.to) };
  }
  const { range, rows } = await allPages(db, query, now);
  const csv = toCsv(
    [...searchDownloads.pagesHeader],
    rows.map((row) => [row.page, row.clicks, row.impressions, percent(row.ctr), position(row.position), row.visits, row.enquiries, row.lcpP75]),
  );
  return { csv, fileName: searchDownloads.fileName('pages', name, range.from, range.to) };
}
