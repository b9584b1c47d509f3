import type { APIRoute } from 'astro';
import { analyticsView } from '~/config/analytics';
import { readAnalyticsQuery } from '~/lib/analytics-query';
import type { AnalyticsViewAnswer } from '~/lib/admin-types';
import { pageTitles } from '~/server/features/analytics/site-pages';
import { analyticsViewOf } from '~/server/features/analytics/view';
import { jsonAnswer } from '~/server/api/caller';
import { guarded } from '~/server/api/endpoint';
import { getRuntime } from '~/server/runtime';

export const prerender = false;

/** GET ?period=30d[&filter=page:/pricing] or ?period=custom&from=…&to=…: the Overview's figures (session checked by the middleware). */
export const GET: APIRoute = ({ url }) =>
  guarded(async () => {
    const query = readAnalyticsQuery(url.searchParams);
    if (!query) return jsonAnswer(400, { ok: false, error: analyticsView.badQuery });
    const { db, analytics, config, clientDir } = await getRuntime();
    await analytics.flush();
    const view = await analyticsViewOf(db, query, { retentionDays: config.analyticsRetentionDays, titles: await pageTitles(db, clientDir) });
    return jsonAnswer(200, { ok: true, view } satisfies AnalyticsViewAnswer);
  });
