import type { SearchListAnswer, SearchPageRow, SearchQueryRow } from '~/lib/search-types';
import { searchListSchema } from '~/lib/search-query';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { topPages, topQueries } from '~/server/features/search/view';

export const prerender = false;

/** GET ?list=queries|pages&period&source&search&offset&limit: a page of top queries or top pages. */
export const GET = route({ query: searchListSchema, admin: true }, async ({ query, runtime }) =>
  ok(
    query.list === 'queries'
      ? ((await topQueries(runtime.db, query)) satisfies SearchListAnswer<SearchQueryRow>)
      : ((await topPages(runtime.db, query)) satisfies SearchListAnswer<SearchPageRow>),
  ),
);
