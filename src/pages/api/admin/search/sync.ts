import type { SearchSyncAnswer } from '~/lib/search-types';
import { accepted } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { startSync } from '~/server/features/search/endpoint';

export const prerender = false;

/** Starts a sync now (409 while one runs). */
export const POST = route({ admin: true }, async ({ runtime }) => accepted((await startSync(runtime)) satisfies SearchSyncAnswer));
