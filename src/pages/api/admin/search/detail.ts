import type { SearchDetail } from '~/lib/search-types';
import { searchDetailSchema } from '~/lib/search-query';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { searchDetail } from '~/server/features/search/view';

export const prerender = false;

/** GET ?query=… or ?page=…: a query's position over time and its pages, or a page's series, queries and changes. */
export const GET = route({ query: searchDetailSchema, admin: true }, async ({ query, runtime }) =>
  ok((await searchDetail(runtime.db, query, { query: query.query, page: query.page })) satisfies SearchDetail),
);
