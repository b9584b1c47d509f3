/**
 * The analytics event as the ingest endpoint accepts it: one zod schema, and the beacon's types inferred from it.
 * The endpoint imports the schema; the beacon imports only the types (erased), so zod never reaches a public page.
 */
import { z } from 'zod';
import { adminPaths } from './admin';
import { type ViewportClass, viewportClasses, type VitalMetric } from './analytics-wire.mjs';
import { vitalMetrics } from './analytics';

const path = z
  .string()
  .max(300)
  .regex(/^\/[^\s?#]*$/)
  // Never the admin or the API, however spelt (`/Admin`, `//admin`); other paths that are no page are dropped later.
  .refine((p) => {
    const normal = p.replace(/^\/+/, '/').toLowerCase();
    return !normal.startsWith(adminPaths.home) && !normal.startsWith('/api/');
  });
const viewport = z.enum(viewportClasses.map((c) => c.id) as [ViewportClass, ...ViewportClass[]]);
const short = z.string().max(100).optional();
const id = z.string().regex(/^[a-zA-Z0-9-]{8,64}$/);
/** A metric's value and the browser's rating of it (the server rates the value again itself). */
const sample = z.tuple([z.number().nonnegative(), z.string().max(20)]);

export const pageViewEventSchema = z.object({
  k: z.literal('v'),
  /** Page-view id, chosen by the browser so the later engagement beacon finds its page view. */
  id,
  p: path,
  w: viewport,
  /** Referrer host, when another site sent the visitor. */
  r: z
    .string()
    .max(253)
    .regex(/^[a-zA-Z0-9.:-]+$/)
    .optional(),
  us: short,
  um: short,
  uc: short,
});

export const engagementEventSchema = z.object({
  k: z.literal('e'),
  id,
  p: path,
  w: viewport,
  /** Engaged milliseconds since the last engagement beacon of this page view. */
  t: z
    .number()
    .nonnegative()
    .max(24 * 3_600_000),
  /** Metrics reported since the last beacon: name → [value, rating]. */
  m: z.partialRecord(z.enum(vitalMetrics.map((m) => m.id) as [VitalMetric, ...VitalMetric[]]), sample).optional(),
});

/** The goals the beacon reports (src/config/analytics.ts `goals` says how each reads). Here, not in the wire file, so the beacon's chunk stays small. */
export const goalIds = ['outbound', 'checklist', 'audit'] as const;
export type GoalId = (typeof goalIds)[number];

/** A goal reached on a page view: `x` is the other site's host for an outbound click. */
export const goalEventSchema = z.object({
  k: z.literal('g'),
  id,
  p: path,
  w: viewport,
  g: z.enum(goalIds as unknown as [GoalId, ...GoalId[]]),
  x: z
    .string()
    .max(253)
    .regex(/^[a-zA-Z0-9.:-]+$/)
    .optional(),
});

/** Short keys on the wire keep the beacon small. */
export const analyticsEventSchema = z.discriminatedUnion('k', [pageViewEventSchema, engagementEventSchema, goalEventSchema]);

export type PageViewEvent = z.infer<typeof pageViewEventSchema>;
export type EngagementEvent = z.infer<typeof engagementEventSchema>;
export type GoalEvent = z.infer<typeof goalEventSchema>;
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
