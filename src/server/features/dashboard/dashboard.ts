/** Everything the dashboard shows, read in one go for the signed-in owner. */
import { settings } from '~/config/settings.mjs';
import type { DashboardData } from '~/lib/admin-types';
import type { Caller } from '../../api/caller';
import type { Db, DbKind } from '../../db';
import type { ServerConfig } from '../../platform/server-config';
import type { AdminAuth, AdminSession } from '../auth/admin-auth';
import type { AnalyticsService } from '../analytics/ingest';
import { listAccountEvents } from '../auth/events';
import { aiStatus, listGenerations } from '../ai/history';
import { indexNowOverview } from '../indexnow/overview';
import { listRuns } from '../sitecheck/service';
import { analyticsOverview, performanceData } from '../analytics/report';
import { enquiryCounts, listLeads } from '../contact/inbox';
import { listSecurityEvents } from '../security/log';
import { siteStatus } from './status';

const latest = 5;

/** What the dashboard reads from (the runtime has all of it). */
export interface DashboardDeps {
  db: Db;
  kind: DbKind;
  config: ServerConfig;
  adminAuth: AdminAuth;
  analytics: AnalyticsService;
}

export async function dashboardData(runtime: DashboardDeps, caller: Caller, session: AdminSession): Promise<DashboardData> {
  const { db, kind, config, adminAuth } = runtime;
  // Beacons still queued are written first, so the owner sees the visit that just happened.
  await runtime.analytics.flush();
  const now = Date.now();
  const { siteUrl, indexNow, ai } = settings();
  const [analytics, performance, counts, leads, events, status, indexNowStatus, aiState, aiHistory, siteChecks, sessions, accountEvents] = await Promise.all([
    analyticsOverview(db, now),
    performanceData(db, now),
    enquiryCounts(db, now),
    listLeads(db, { limit: latest }),
    listSecurityEvents(db, { limit: latest }),
    siteStatus(db, kind, Boolean(config.smtpUrl)),
    indexNowOverview(db, siteUrl, indexNow),
    aiStatus(db, ai),
    listGenerations(db),
    listRuns(db),
    adminAuth.listSessions(caller, session),
    listAccountEvents(db, session.userId),
  ]);
  return {
    now,
    analytics,
    performance,
    counts,
    latestLeads: leads.leads,
    latestEvents: events.events,
    status,
    indexNow: indexNowStatus,
    ai: aiState,
    aiHistory,
    siteChecks,
    account: { email: session.email, twoFactorEnabled: session.twoFactorEnabled, sessions, events: accountEvents },
  };
}
