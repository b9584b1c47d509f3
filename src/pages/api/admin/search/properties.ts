import type { SearchPropertiesAnswer } from '~/lib/search-types';
import { searchPropertiesSchema } from '~/lib/search-query';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { searchProperties } from '~/server/features/search/endpoint';

export const prerender = false;

/** GET ?url=…: the Search Console properties the service account may read, and the default property of the site at url. */
export const GET = route({ query: searchPropertiesSchema, admin: true }, async ({ query, settings }) =>
  ok((await searchProperties(settings, query.url)) satisfies SearchPropertiesAnswer),
);
