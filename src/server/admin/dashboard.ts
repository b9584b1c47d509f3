/** Everything the dashboard shows, read in one go for the signed-in owner. */
import type { DashboardData } from '~/lib/admin-types';
import type { AdminSession, Caller } from '../auth/admin-auth';
import { listAccountEvents } from '../auth/events';
import type { Runtime } from '../runtime';
import { enquiryCounts, listLeads } from './inbox';
import { listSecurityEvents } from './security-log';
import { siteStatus } from './status';

const latest = 5;

export async function dashboardData(runtime: Runtime, caller: Caller, session: AdminSession): Promise<DashboardData> {
  const { db, kind, config, adminAuth } = runtime;
  const now = Date.now();
  const [counts, leads, events, status, sessions, accountEvents] = await Promise.all([
    enquiryCounts(db, now),
    listLeads(db, { limit: latest }),
    listSecurityEvents(db, { limit: latest }),
    siteStatus(db, kind, Boolean(config.smtpUrl)),
    adminAuth.listSessions(caller, session),
    listAccountEvents(db, session.userId),
  ]);
  return {
    now,
    counts,
    latestLeads: leads.leads,
    latestEvents: events.events,
    status,
    account: { email: session.email, twoFactorEnabled: session.twoFactorEnabled, sessions, events: accountEvents },
  };
}
