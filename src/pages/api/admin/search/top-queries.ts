import type { SearchTopPrompt } from '~/lib/search-types';
import { searchDetailSchema } from '~/lib/search-query';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { pagePrompt } from '~/server/features/search/endpoint';

export const prerender = false;

/** GET ?page=…: the page's current title and description and its top queries, which ground the AI generator's prompt. */
export const GET = route({ query: searchDetailSchema, admin: true }, async ({ query, runtime }) =>
  ok((await pagePrompt(runtime.db, runtime.clientDir, query.page ?? '', query)) satisfies SearchTopPrompt),
);
