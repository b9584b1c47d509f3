import type { AnalyticsViewAnswer } from '~/lib/admin-types';
import { analyticsQueryParams } from '~/lib/analytics-query';
import { ok } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { pageTitles } from '~/server/features/analytics/site-pages';
import { analyticsViewOf } from '~/server/features/analytics/view';

export const prerender = false;

/** GET ?period=30d[&filter=page:/pricing] or ?period=custom&from=…&to=…: the Overview's figures. */
export const GET = route({ query: analyticsQueryParams, admin: true }, async ({ query, runtime }) => {
  const { db, analytics, config, clientDir } = runtime;
  await analytics.flush();
  const view = await analyticsViewOf(db, query, { retentionDays: config.analyticsRetentionDays, titles: await pageTitles(db, clientDir) });
  return ok({ ok: true, view } satisfies AnalyticsViewAnswer);
});
