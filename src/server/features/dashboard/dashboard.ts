/** What a dashboard tab shows, read for the signed-in owner when the tab is opened: only that tab's queries run. */
import type { AdminTab } from '~/config/admin';
import { settings } from '~/config/settings.mjs';
import type { DashboardTabData } from '~/lib/admin-types';
import type { Caller } from '../../api/caller';
import type { Db, DbKind } from '../../db';
import type { ServerConfig } from '../../platform/server-config';
import type { AdminAuth, AdminSession } from '../auth';
import type { AnalyticsService } from '../analytics';
import { listAccountEvents } from '../auth';
import { aiStatus, listGenerations } from '../ai';
import { indexNowOverview } from '../indexnow';
import { listRuns } from '../sitecheck';
import { currentVisitors, performanceData } from '../analytics';
import { pageTitles } from '../analytics';
import { analyticsViewOf } from '../analytics';
import { defaultAnalyticsQuery } from '~/lib/analytics-query';
import { enquiryCounts, listLeads } from '../contact';
import { refusedEnquiryCount } from '../security';
import { listSecurityEvents } from '../security';
import { siteStatus } from './status';
import { weeklySummaryEnabled } from './weekly-summary';
import type { SearchService } from '../search';
import { searchStatus } from '../search';
import { searchOverview } from '../search';
import { readSearchQuery } from '~/lib/search-query';
import { dayMs } from '~/lib/days.mjs';
import type { ReportService } from '../report';
import { reportsOverview } from '../report';
import { missingAiSettings } from '../ai';
import { listAlerts, sitesWithHealth } from '../watch';
import { quietHoursView } from '../watch';

const latest = 5;
/** The Overview counts refused enquiries over the same span as its longest enquiry count. */
const refusedDays = 30;

/** What the dashboard reads from (the runtime has all of it). */
export interface DashboardDeps {
  db: Db;
  kind: DbKind;
  config: ServerConfig;
  adminAuth: AdminAuth;
  analytics: AnalyticsService;
  /** The built site, whose pages' titles the analytics lists show beside their paths. */
  clientDir: string;
  search: SearchService;
  reports: ReportService;
}

/**
 * `params` are the page address's: a tab whose view is in the address (the Search tab's period, source and site) is
 * read for that view, so the page the server renders is the one the browser hydrates.
 */
export async function dashboardTab(
  runtime: DashboardDeps,
  caller: Caller,
  session: AdminSession,
  tab: AdminTab,
  params = new URLSearchParams(),
): Promise<DashboardTabData> {
  const { db, kind, config, adminAuth } = runtime;
  const now = Date.now();
  const { siteUrl, indexNow, ai } = settings();
  const siteOrigin = new URL(siteUrl).origin;
  const status = () => siteStatus(db, kind, Boolean(config.smtpUrl), siteUrl);
  switch (tab) {
    case 'overview': {
      // Beacons still queued are written first, so the owner sees the visit that just happened.
      await runtime.analytics.flush();
      const [visitorsNow, view, counts, refused, leads, events, site, openAlerts] = await Promise.all([
        currentVisitors(db, now),
        pageTitles(db, runtime.clientDir).then((titles) =>
          analyticsViewOf(db, defaultAnalyticsQuery, { retentionDays: config.analyticsRetentionDays, titles, now }),
        ),
        enquiryCounts(db, now),
        refusedEnquiryCount(db, now - refusedDays * dayMs),
        listLeads(db, { limit: latest }, { configured: Boolean(config.smtpUrl), now }),
        listSecurityEvents(db, { limit: latest }),
        status(),
        listAlerts(db, { status: 'open' }),
      ]);
      return {
        tab,
        now,
        analytics: { currentVisitors: visitorsNow, view },
        counts,
        refused: { count: refused, days: refusedDays },
        latestLeads: leads.leads,
        latestEvents: events.events,
        status: site,
        openAlerts,
      };
    }
    case 'performance':
      await runtime.analytics.flush();
      return { tab, now, performance: await performanceData(db, now) };
    case 'ai-tools': {
      const [aiState, aiHistory] = await Promise.all([aiStatus(db, ai, session.userId), listGenerations(db)]);
      return { tab, now, siteOrigin, ai: aiState, aiHistory };
    }
    case 'sites':
      return { tab, now, sites: await sitesWithHealth(db, now), quietHours: await quietHoursView(db, settings().watch.quietHours) };
    case 'alerts':
      return { tab, now, alerts: await listAlerts(db) };
    case 'testing':
      return { tab, now, siteOrigin, siteChecks: await listRuns(db) };
    case 'search': {
      const query = readSearchQuery(params);
      const [overview, searchState] = await Promise.all([searchOverview(db, query, now), searchStatus({ db, search: runtime.search }, settings())]);
      return { tab, now, siteOrigin, query, overview, status: searchState };
    }
    case 'reports':
      return { tab, now, reports: await reportsOverview(runtime.reports.deps), aiMissing: missingAiSettings(ai) };
    case 'settings': {
      const [site, aiState, indexNowStatus, sessions, events, weeklyOn] = await Promise.all([
        status(),
        aiStatus(db, ai, session.userId),
        indexNowOverview(db, siteUrl, indexNow),
        adminAuth.listSessions(caller, session),
        listAccountEvents(db, session.userId),
        weeklySummaryEnabled(db),
      ]);
      return {
        tab,
        now,
        status: site,
        ai: aiState,
        indexNow: indexNowStatus,
        weeklySummary: { enabled: weeklyOn },
        account: { email: session.email, twoFactorEnabled: session.twoFactorEnabled, sessions, events },
      };
    }
  }
}
