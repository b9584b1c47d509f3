/**
 * The Search view as the URL holds it (`?tab=search&speriod=3m&source=google&site=…`), so a reload or a shared link
 * shows the same view. One zod schema read by the admin and by the endpoints behind it. A view always names its site
 * by its one id; the address leaves this website's out (no `site`, as before) and reads `site=this` as this website.
 */
import { z } from 'zod';
import { thisSiteId } from '~/config/sites.mjs';
import { siteIdFrom } from './site-types';
import { isDay, monthsBefore, utcDayOf } from './days.mjs';
import {
  customSearchRange,
  defaultSearchPeriod,
  type SearchCompare,
  searchCompares,
  type SearchPeriod,
  searchLists,
  searchPeriods,
  type SearchSourceFilter,
  searchSources,
} from '~/config/search';

const periodIds = [...searchPeriods.map((p) => p.id), customSearchRange.id] as unknown as [SearchPeriod, ...SearchPeriod[]];
const sourceIds = searchSources.map((s) => s.id) as unknown as [SearchSourceFilter, ...SearchSourceFilter[]];
const compareIds = searchCompares.map((c) => c.id) as unknown as [SearchCompare, ...SearchCompare[]];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isDay, 'Not a calendar day.');

/** The fields of a view; `from` and `to` only count with the custom period; without `compare`, the period before. */
const viewShape = {
  period: z.enum(periodIds).default(defaultSearchPeriod),
  source: z.enum(sourceIds).default('all'),
  /** The site's id (this website's when none is given). */
  site: z.string().trim().min(1).max(100).transform(siteIdFrom).default(thisSiteId),
  from: day.optional(),
  to: day.optional(),
  compare: z.enum(compareIds).optional(),
};

/** The first day a custom range may start on, `today` being the last. */
export const earliestCustomDay = (today: string) => monthsBefore(today, customSearchRange.maxMonthsBack);

/** Why a custom range cannot be shown (both days, in order, not after today, within the sources' months back); null when it can. */
export function customRangeProblem(from: string | undefined, to: string | undefined, today: string): string | null {
  if (!from || !to) return customSearchRange.missing;
  if (from > to) return customSearchRange.outOfOrder;
  if (to > today) return customSearchRange.future;
  if (from < earliestCustomDay(today)) return customSearchRange.tooFarBack;
  return null;
}

/** A view's fields checked together: a custom period needs a valid range (checked against the day it is read). */
const checked = <Shape extends typeof viewShape>(schema: z.ZodObject<Shape>) =>
  schema.superRefine((view, context) => {
    const fields = view as unknown as { period: string; from?: string; to?: string };
    if (fields.period !== customSearchRange.id) return;
    const problem = customRangeProblem(fields.from, fields.to, utcDayOf(Date.now()));
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['from'] });
  });

const viewObject = z.object(viewShape);
export const searchQuerySchema = checked(viewObject);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

const listShape = {
  list: z.enum(['queries', 'pages']),
  search: z.string().trim().max(searchLists.maxSearch).default(''),
};

/** A list's page: which list, its search text and where it starts. */
export const searchListSchema = checked(
  viewObject.extend({
    ...listShape,
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(searchLists.pageSize).default(searchLists.shortList),
  }),
);
export type SearchListQuery = z.infer<typeof searchListSchema>;

/** A whole list for a download: which list and its search text, every row. */
export const searchCsvSchema = checked(viewObject.extend(listShape));
export type SearchCsvQuery = z.infer<typeof searchCsvSchema>;

/** One query's or one page's detail. */
export const searchDetailSchema = checked(
  viewObject.extend({
    query: z.string().max(1000).optional(),
    page: z.string().max(2000).optional(),
  }),
);
export type SearchDetailQuery = z.infer<typeof searchDetailSchema>;

export const defaultSearchQuery: SearchQuery = { period: defaultSearchPeriod, source: 'all', site: thisSiteId };

/** URL parameter names: `period`, `from` and `to` are the analytics Overview's, so the Search view has its own. */
const names = { period: 'speriod', source: 'source', site: 'site', from: 'sfrom', to: 'sto', compare: 'scompare' } as const;

/**
 * The parameters a view is written as (plain names): the site only when not this website, the range only with the
 * custom period, the comparison only when not the default.
 */
function viewEntries(query: SearchQuery): [keyof typeof names, string][] {
  const entries: [keyof typeof names, string][] = [
    ['period', query.period],
    ['source', query.source],
  ];
  if (query.site !== thisSiteId) entries.push(['site', query.site]);
  if (query.period === customSearchRange.id && query.from && query.to) entries.push(['from', query.from], ['to', query.to]);
  if (query.compare && query.compare !== 'previous') entries.push(['compare', query.compare]);
  return entries;
}

export function writeSearchQuery(query: SearchQuery, into = new URLSearchParams()): URLSearchParams {
  for (const name of Object.values(names)) into.delete(name);
  for (const [key, value] of viewEntries(query)) into.set(names[key], value);
  return into;
}

export function readSearchQuery(params: URLSearchParams): SearchQuery {
  const result = searchQuerySchema.safeParse({
    period: params.get(names.period) ?? undefined,
    source: params.get(names.source) ?? undefined,
    site: params.get(names.site) || undefined,
    from: params.get(names.from) || undefined,
    to: params.get(names.to) || undefined,
    compare: params.get(names.compare) || undefined,
  });
  return result.success ? normalised(result.data) : defaultSearchQuery;
}

/** A view without what it does not use (a range beside a named period, the default comparison), so equal views compare equal. */
function normalised(query: SearchQuery): SearchQuery {
  const out: SearchQuery = { period: query.period, source: query.source, site: query.site };
  for (const [key, value] of viewEntries(query)) if (key !== 'period' && key !== 'source' && key !== 'site') (out as Record<string, string>)[key] = value;
  return out;
}

/** The API's parameters for a query (plain names). */
export const searchParams = (query: SearchQuery, extra: Record<string, string | number> = {}) =>
  new URLSearchParams([...viewEntries(query), ...Object.entries(extra).map(([k, v]): [string, string] => [k, String(v)])]).toString();

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
