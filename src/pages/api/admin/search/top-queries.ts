import type { SearchTopPrompt } from '~/lib/search-types';
import { searchDetailSchema } from '~/lib/search-query';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { pageTopQueries } from '~/server/features/search/view';

export const prerender = false;

/** GET ?page=…: the page's top queries in the period, which ground the AI generator's prompt for it. */
export const GET = route({ query: searchDetailSchema, admin: true }, async ({ query, runtime }) =>
  ok({ ok: true, queries: await pageTopQueries(runtime.db, query.page ?? '', query) } satisfies SearchTopPrompt),
);
