/**
 * The Search view as the URL holds it (`?tab=search&speriod=3m&source=google&site=…`), so a reload or a shared link
 * shows the same view. One zod schema read by the admin and by the endpoints behind it. Without `site` it is this
 * website's search; with a watched client site's id, that site's.
 */
import { z } from 'zod';
import { defaultSearchPeriod, type SearchPeriod, searchLists, searchPeriods, type SearchSourceFilter, searchSources } from '~/config/search';

const periodIds = searchPeriods.map((p) => p.id) as unknown as [SearchPeriod, ...SearchPeriod[]];
const sourceIds = searchSources.map((s) => s.id) as unknown as [SearchSourceFilter, ...SearchSourceFilter[]];

export const searchQuerySchema = z.object({
  period: z.enum(periodIds).default(defaultSearchPeriod),
  source: z.enum(sourceIds).default('all'),
  /** A watched client site's id; absent for this website. */
  site: z.string().trim().min(1).max(100).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A list's page: which list, its search text and where it starts. */
export const searchListSchema = searchQuerySchema.extend({
  list: z.enum(['queries', 'pages']),
  search: z.string().trim().max(searchLists.maxSearch).default(''),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(searchLists.pageSize).default(searchLists.shortList),
});
export type SearchListQuery = z.infer<typeof searchListSchema>;

/** One query's or one page's detail. */
export const searchDetailSchema = searchQuerySchema.extend({
  query: z.string().max(1000).optional(),
  page: z.string().max(2000).optional(),
});
export type SearchDetailQuery = z.infer<typeof searchDetailSchema>;

export const defaultSearchQuery: SearchQuery = { period: defaultSearchPeriod, source: 'all' };

/** URL parameter names: `period` is the analytics Overview's, so the Search view has its own. */
const names = { period: 'speriod', source: 'source', site: 'site' } as const;

export function writeSearchQuery(query: SearchQuery, into = new URLSearchParams()): URLSearchParams {
  into.set(names.period, query.period);
  into.set(names.source, query.source);
  if (query.site) into.set(names.site, query.site);
  else into.delete(names.site);
  return into;
}

export function readSearchQuery(params: URLSearchParams): SearchQuery {
  const result = searchQuerySchema.safeParse({
    period: params.get(names.period) ?? undefined,
    source: params.get(names.source) ?? undefined,
    site: params.get(names.site) || undefined,
  });
  return result.success ? result.data : defaultSearchQuery;
}

/** The API's parameters for a query (plain names). */
export const searchParams = (query: SearchQuery, extra: Record<string, string | number> = {}) =>
  new URLSearchParams({
    period: query.period,
    source: query.source,
    ...(query.site && { site: query.site }),
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])),
  }).toString();

/** The most an import may send (base64 of an export's ZIP or CSVs, which are far smaller). */
export const searchImportMaxBytes = 8 * 1024 * 1024;

/** An import: the files chosen, each as base64. */
export const searchImportBody = z.object({
  files: z
    .array(z.object({ name: z.string().min(1).max(300), data: z.string().max(searchImportMaxBytes) }))
    .min(1, 'Choose the ZIP file Search Console exported, or its Queries.csv and Pages.csv.')
    .max(10),
});
export type SearchImportBody = z.infer<typeof searchImportBody>;

/** The properties the service account may read, and the default property of the site at `url` (this website's without). */
export const searchPropertiesSchema = z.object({
  url: z
    .url({ protocol: /^https?$/, error: 'Give the site’s address (http or https).' })
    .max(2000)
    .optional(),
});
