import type { SearchImportAnswer, SearchImportRemovedAnswer } from '~/lib/search-types';
import { searchImportBody, searchImportMaxBytes } from '~/lib/search-query';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { importUpload, removeUpload } from '~/server/features/search/endpoint';

export const prerender = false;

/** Imports a Search Console Performance export (its ZIP, or Queries.csv and Pages.csv), sent as base64 in JSON. */
export const POST = route(
  { body: searchImportBody, bodyFrom: 'json', maxBytes: searchImportMaxBytes + 64 * 1024, admin: true },
  async ({ body, runtime, settings }) => ok((await importUpload(runtime.db, body, settings.siteUrl)) satisfies SearchImportAnswer),
);

/** Removes the imported export: exactly its rows and roll-ups. */
export const DELETE = route({ admin: true }, async ({ runtime }) => ok((await removeUpload(runtime.db)) satisfies SearchImportRemovedAnswer));
