/**
 * The monthly client report as data: one zod schema (the server builds and stores it, the HTML page, the PDF and the
 * admin render it; types are inferred from it). Every section either holds its figures or says why it has none, so a
 * part without data reads "no data" rather than zeros.
 */
import { z } from 'zod';
import { reportContentIds } from '~/config/report';

/** A section with figures, or none and the reason (worded in src/config/report.ts: noData). */
export const section = <T extends z.ZodType>(data: T) =>
  z.discriminatedUnion('available', [z.object({ available: z.literal(true), data }), z.object({ available: z.literal(false), reason: z.string() })]);
export type Section<T> = { available: true; data: T } | { available: false; reason: string };

export const reportPeriodSchema = z.object({
  /** 'YYYY-MM' for a monthly report; null for a period asked for on demand. */
  month: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .nullable(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  label: z.string(),
});
export type ReportPeriod = z.infer<typeof reportPeriodSchema>;

export const reportSiteSchema = z.object({
  /** The site's one id (src/lib/site-types.ts `Site.id`): `thisSiteId` for this website, a watched site's otherwise. */
  key: z.string(),
  name: z.string(),
  url: z.string(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  thisSite: z.boolean(),
  /** When a watched client's site was added (ms); its months before that have no report. Null for this website. */
  watchedSince: z.number().nullable().default(null),
  /** The client's contact, greeted by name in the e-mail (null: a neutral greeting). */
  contactName: z.string().nullable().default(null),
  /** Every address the report goes to (clientEmail is the first); none: it cannot be sent. */
  recipients: z.array(z.string()).default([]),
  /** The parts of the report this client gets (src/config/report.ts reportContents); a report made before: all. */
  contents: z.array(z.enum(reportContentIds)).default([...reportContentIds]),
});
export type ReportSite = z.infer<typeof reportSiteSchema>;

const problem = z.object({ message: z.string(), url: z.string().nullable() });
export const crawlSchema = z.object({
  score: z.number(),
  /** The score of each crawl, oldest first, up to the end of the period. */
  trend: z.array(z.object({ at: z.number(), score: z.number() })),
  pages: z.number(),
  newProblems: z.array(problem),
  fixedProblems: z.array(problem),
  newCount: z.number(),
  fixedCount: z.number(),
});
export const uptimeSchema = z.object({
  checks: z.number(),
  /** Share of checks that found the site up, 0–1. */
  uptime: z.number(),
  responseP50Ms: z.number().nullable(),
  responseP95Ms: z.number().nullable(),
});
export const certificateSchema = z.object({ expiresAt: z.number(), daysLeft: z.number(), hosts: z.array(z.string()) });
const alert = z.object({ title: z.string(), openedAt: z.number(), closedAt: z.number().nullable() });
export const alertsSchema = z.object({ opened: z.array(alert), closed: z.array(alert) });

export const searchTotalsSchema = z.object({ clicks: z.number(), impressions: z.number(), ctr: z.number().nullable(), position: z.number().nullable() });
export type SearchTotals = z.infer<typeof searchTotalsSchema>;
const searchRow = searchTotalsSchema.extend({ key: z.string() });
const mover = z.object({ query: z.string(), position: z.number().nullable(), previousPosition: z.number().nullable() });
const days = z.object({ from: z.string(), to: z.string() });
/** The days a section's figures cover and those its comparisons cover, when its data ends before the period does. */
export const coveredSchema = z.object({ to: z.string(), previous: days, lastYear: days }).nullable().default(null);
export const searchSchema = z.object({
  /** Where the figures come from: 'Google', 'Bing' or both. */
  sources: z.array(z.string()),
  /** Each source left out, and why, in words (its property not shared, not set up, failing…). */
  missing: z.array(z.object({ source: z.string(), reason: z.string() })).default([]),
  covered: coveredSchema,
  /** A comparison whose days begin before the data does: the first day it has data (else null). */
  partial: z.object({ previous: z.string().nullable(), lastYear: z.string().nullable() }).default({ previous: null, lastYear: null }),
  current: searchTotalsSchema,
  previous: searchTotalsSchema.nullable(),
  lastYear: searchTotalsSchema.nullable(),
  topQueries: z.array(searchRow),
  topPages: z.array(searchRow),
  intoTop10: z.array(mover),
  outOfTop10: z.array(mover),
});
export type SearchSection = z.infer<typeof searchSchema>;

export const visitTotalsSchema = z.object({ visitors: z.number(), visits: z.number(), pageViews: z.number(), conversions: z.number() });
export type VisitTotals = z.infer<typeof visitTotalsSchema>;
export const visitsSchema = z.object({
  current: visitTotalsSchema,
  previous: visitTotalsSchema.nullable(),
  lastYear: visitTotalsSchema.nullable(),
  covered: coveredSchema,
});
export const enquiriesSchema = z.object({ count: z.number(), previous: z.number().nullable(), lastYear: z.number().nullable(), covered: coveredSchema });
export const vitalsSchema = z.object({
  rows: z.array(
    z.object({
      metric: z.enum(['LCP', 'INP', 'CLS', 'FCP', 'TTFB']),
      formFactor: z.enum(['mobile', 'desktop']),
      p75: z.number().nullable(),
      samples: z.number(),
      rating: z.enum(['good', 'needs-improvement', 'poor']).nullable(),
    }),
  ),
});

export const reportSectionsSchema = z.object({
  crawl: section(crawlSchema),
  uptime: section(uptimeSchema),
  certificate: section(certificateSchema),
  alerts: section(alertsSchema),
  search: section(searchSchema),
  visits: section(visitsSchema),
  enquiries: section(enquiriesSchema),
  vitals: section(vitalsSchema),
});
export type ReportSections = z.infer<typeof reportSectionsSchema>;

/** One month of a trend: its figure, or null when there is no data for it (drawn as a gap, never a zero). */
export const trendPointSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), value: z.number().nullable() });
export type TrendPoint = z.infer<typeof trendPointSchema>;
/** Clicks from search and visits per month over the last months, the report's month the last. */
export const trendsSchema = z.object({ clicks: z.array(trendPointSchema), visits: z.array(trendPointSchema) });
export type ReportTrends = z.infer<typeof trendsSchema>;

export const reportDataSchema = z.object({
  version: z.literal(1),
  site: reportSiteSchema,
  period: reportPeriodSchema,
  generatedAt: z.number(),
  sections: reportSectionsSchema,
  /** Null in a report made before trends were read. */
  trends: trendsSchema.nullable().default(null),
});
export type ReportData = z.infer<typeof reportDataSchema>;

/** A draft until the owner approves it; approval sends it (once), so an approved report is a sent one. */
export const reportStatuses = ['draft', 'sent'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

/** A stored report as the admin and the shared page receive it. */
export interface ReportView {
  id: string;
  status: ReportStatus;
  data: ReportData;
  summary: string;
  /** Figures the summary states that the report does not hold (empty when it is grounded). */
  summaryProblems: string[];
  createdAt: number;
  updatedAt: number;
  sentAt: number | null;
  recipient: string | null;
  links: ReportLinkView[];
}

export interface ReportLinkView {
  /** The link's id (its hash's first characters): the admin revokes by it; the token itself is shown once. */
  id: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

export interface ReportListItem {
  id: string;
  siteKey: string;
  siteName: string;
  period: ReportPeriod;
  status: ReportStatus;
  createdAt: number;
  sentAt: number | null;
  recipient: string | null;
}

export interface ReportsAnswer {
  ok: true;
  reports: ReportListItem[];
  sites: (ReportSite & { autoSend: boolean })[];
  /** Per watched site (its id): the search source its reports leave out and why, in short, for the Sites tab. */
  searchNotes: Record<string, string>;
}
export interface ReportAnswer {
  ok: true;
  report: ReportView;
}
/** A new link: the token's address, shown to the owner once. */
export interface ReportLinkAnswer {
  ok: true;
  url: string;
  link: ReportLinkView;
}
export interface ReportSummaryDraftAnswer {
  ok: true;
  summary: string;
  problems: string[];
}
/** A report made (or a month's draft read again). */
export interface ReportMadeAnswer {
  ok: true;
  id: string;
}
/** What an action did, in a sentence the admin shows (sent, read again, withdrawn, chosen). */
export interface ReportDoneAnswer {
  ok: true;
  message: string;
}
