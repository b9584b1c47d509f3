import { searchCsvSchema } from '~/lib/search-query';
import { download } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { searchListCsv } from '~/server/features/search/csv';

export const prerender = false;

/** GET ?list=queries|pages&speriod's view&search: every row of the list as CSV, named by the site and the days. */
export const GET = route({ query: searchCsvSchema, admin: true }, async ({ query, runtime, settings }) => {
  const { csv, fileName } = await searchListCsv(runtime.db, query, settings.siteUrl);
  return download(csv, 'text/csv; charset=utf-8', fileName);
});
