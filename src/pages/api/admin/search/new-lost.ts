import { searchNewLost as newLostText } from '~/config/search';
import type { SearchNewLost } from '~/lib/search-types';
import { searchQuerySchema } from '~/lib/search-query';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { searchNewLost } from '~/server/features/search/view';

export const prerender = false;

/** GET ?period&source&compare: queries seen now and not in the period compared (new), and the reverse (lost). */
export const GET = route({ query: searchQuerySchema, admin: true }, async ({ query, runtime }) =>
  ok((await searchNewLost(runtime.db, query, newLostText.rows)) satisfies SearchNewLost),
);
