/** The admin's Reports view: the reports made (newest first) and the sites they can be made for, with their sending choice. */
import type { ReportsAnswer } from '~/lib/report-types';
import type { ReportDeps } from './service';
import { autoSendSites, listReports } from './store';

export async function reportsOverview(deps: Pick<ReportDeps, 'db' | 'sources'>): Promise<ReportsAnswer> {
  const sites = await deps.sources.sites();
  const [reports, automatic] = await Promise.all([listReports(deps.db, new Map(sites.map((s) => [s.key, s.name]))), autoSendSites(deps.db)]);
  return { ok: true, reports, sites: sites.map((site) => ({ ...site, autoSend: automatic.has(site.key) })) };
}
