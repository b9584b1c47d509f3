/**
 * The admin's Reports view: the reports made (newest first) and the sites they can be made for, with their sending
 * choice and report settings; and, for the Sites tab, each watched site's search source its reports leave out.
 */
import type { ReportsAnswer } from '~/lib/report-types';
import { searchSourcesNote } from './search';
import type { ReportDeps } from './service';
import { autoSendSites, listReports } from './store';

export async function reportsOverview(deps: Pick<ReportDeps, 'db' | 'sources'>): Promise<ReportsAnswer> {
  const sites = await deps.sources.sites();
  const [reports, automatic] = await Promise.all([listReports(deps.db, new Map(sites.map((s) => [s.key, s.name]))), autoSendSites(deps.db)]);
  // Keyed by the site's id, as the Sites tab knows its sites (a report's site key is that id, this website's too).
  const searchNotes: Record<string, string> = {};
  for (const site of sites) {
    const note = await searchSourcesNote(deps.db, site.key);
    if (note) searchNotes[site.key] = note;
  }
  return { ok: true, reports, sites: sites.map((site) => ({ ...site, autoSend: automatic.has(site.key) })), searchNotes };
}
