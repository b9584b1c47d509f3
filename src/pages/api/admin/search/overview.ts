import type { SearchOverview } from '~/lib/search-types';
import { searchQuerySchema } from '~/lib/search-query';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { searchOverview } from '~/server/features/search/view';

export const prerender = false;

/** GET ?period=28d&source=all: clicks, impressions, CTR and position against the period before, and the daily series. */
export const GET = route({ query: searchQuerySchema, admin: true }, async ({ query, runtime }) =>
  ok((await searchOverview(runtime.db, query)) satisfies SearchOverview),
);
