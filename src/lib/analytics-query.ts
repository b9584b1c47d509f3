/**
 * The Overview's view as the URL holds it (`?period=30d`, `?period=custom&from=…&to=…`, `&filter=page:/pricing`), so a
 * reload or a shared link shows the same view. One zod schema read by the dashboard and by the endpoint behind it.
 */
import { z } from 'zod';
import { daysBetween } from './days.mjs';
import { type AnalyticsPeriod, analyticsPeriods, analyticsView, type BreakdownDimension, breakdowns, customPeriod, defaultPeriod } from '~/config/analytics';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T12:00:00Z`)));
const dimension = z.enum(breakdowns.map((b) => b.id) as [BreakdownDimension, ...BreakdownDimension[]]);
export const analyticsFilterSchema = z.object({ dimension, value: z.string().max(300) });
export type AnalyticsFilter = z.infer<typeof analyticsFilterSchema>;

const periodIds = [...analyticsPeriods.map((p) => p.id), customPeriod.id] as unknown as [AnalyticsPeriod, ...AnalyticsPeriod[]];

export const analyticsQuerySchema = z
  .object({
    period: z.enum(periodIds),
    from: day.optional(),
    to: day.optional(),
    filter: analyticsFilterSchema.optional(),
  })
  .refine((q) => q.period !== 'custom' || (q.from !== undefined && q.to !== undefined && q.from <= q.to), {
    message: 'Choose a first and a last day, in order.',
  })
  .refine((q) => q.period !== 'custom' || daysBetween(q.from!, q.to!) <= analyticsView.maxCustomDays, {
    message: `A custom range is at most ${analyticsView.maxCustomDays} days.`,
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

export const defaultAnalyticsQuery: AnalyticsQuery = { period: defaultPeriod };

/** The query in URL parameters (`filter` as "dimension:value"); the other parameters of `into` are kept. */
export function writeAnalyticsQuery(query: AnalyticsQuery, into = new URLSearchParams()): URLSearchParams {
  for (const key of ['period', 'from', 'to', 'filter']) into.delete(key);
  into.set('period', query.period);
  if (query.period === 'custom') {
    into.set('from', query.from!);
    into.set('to', query.to!);
  }
  if (query.filter) into.set('filter', `${query.filter.dimension}:${query.filter.value}`);
  return into;
}

/** The query the URL parameters hold, or null when they hold none that is valid. */
export function readAnalyticsQuery(params: URLSearchParams): AnalyticsQuery | null {
  const filter = params.get('filter');
  const colon = filter?.indexOf(':') ?? -1;
  const result = analyticsQuerySchema.safeParse({
    period: params.get('period') ?? defaultPeriod,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
    filter: filter && colon > 0 ? { dimension: filter.slice(0, colon), value: filter.slice(colon + 1) } : undefined,
  });
  return result.success ? result.data : null;
}

/** The same reading as a schema of the address's parameters, for the endpoint's route kit. */
export const analyticsQueryParams = z.record(z.string(), z.string()).transform((params, context) => {
  const query = readAnalyticsQuery(new URLSearchParams(params));
  if (query) return query;
  context.addIssue({ code: 'custom', message: analyticsView.badQuery });
  return z.NEVER;
});

export const sameQuery = (a: AnalyticsQuery, b: AnalyticsQuery) => writeAnalyticsQuery(a).toString() === writeAnalyticsQuery(b).toString();
