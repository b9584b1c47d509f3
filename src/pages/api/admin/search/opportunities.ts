import type { SearchOpportunities } from '~/lib/search-types';
import { searchQuerySchema } from '~/lib/search-query';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { searchOpportunities } from '~/server/features/search/opportunities';

export const prerender = false;

/** GET ?period&source: queries close to page one, pages clicked less than their position suggests, pages never clicked. */
export const GET = route({ query: searchQuerySchema, admin: true }, async ({ query, runtime }) =>
  ok((await searchOpportunities(runtime.db, query)) satisfies SearchOpportunities),
);
