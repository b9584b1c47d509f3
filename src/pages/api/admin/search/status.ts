import type { SearchStatus } from '~/lib/search-types';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { searchStatus } from '~/server/features/search/endpoint';

export const prerender = false;

/** Each source's state for Settings: connected or not and why, last sync, rows, data up to which day, next run. */
export const GET = route({ admin: true }, async ({ runtime, settings }) => ok((await searchStatus(runtime, settings)) satisfies SearchStatus));
