/**
 * `npm run report -- --site this|URL --month YYYY-MM --out FILE.pdf`: the report as the schedule would make it, written
 * to a file and never sent. A report already sent is written as it was sent; otherwise the figures are read now, with
 * the summary the owner has written so far. Nothing is stored.
 */
import { reportMessages } from '~/config/report';
import type { ReportData, ReportSite } from '~/lib/report-types';
import { thisSiteAlias } from '~/config/sites.mjs';
import { siteIdFrom } from '~/lib/site-types';
import type { Db } from '../../db';
import { monthPeriod, readMonth } from './period';
import { reportPdf } from './pdf';
import { buildReport } from './service';
import type { ReportSources } from './sources';
import { monthlyReportId, readReport } from './store';

export class CommandError extends Error {}

/**
 * The site named on the command line: by its id (`this` for this website, mapped here, at the edge), or a watched site
 * by its address (scheme and a trailing slash optional).
 */
export async function siteNamed(sources: ReportSources, name: string): Promise<ReportSite> {
  const sites = await sources.sites();
  const byId = sites.find((s) => s.key === siteIdFrom(name));
  if (byId) return byId;
  const wanted = (() => {
    try {
      return new URL(/^https?:\/\//i.test(name) ? name : `https://${name}`).host.toLowerCase();
    } catch {
      return null;
    }
  })();
  const site = sites.find((s) => new URL(s.url).host.toLowerCase() === wanted);
  if (!site) throw new CommandError(`${reportMessages.unknownSite} Sites: ${sites.map((s) => (s.thisSite ? thisSiteAlias : s.url)).join(', ')}`);
  return site;
}

export async function reportForCommand(
  deps: { db: Db; sources: ReportSources },
  args: { site: string; month: string },
  now = Date.now(),
): Promise<{ data: ReportData; pdf: Uint8Array; stored: 'sent' | 'draft' | null }> {
  const month = readMonth(args.month, now);
  if (!month) throw new CommandError(reportMessages.badMonth);
  const site = await siteNamed(deps.sources, args.site);
  const id = await monthlyReportId(deps.db, site.key, month);
  const stored = id ? await readReport(deps.db, id) : null;
  if (stored?.status === 'sent') return { data: stored.data, pdf: await reportPdf(stored.data, stored.summary, null), stored: 'sent' };
  const data = await buildReport(deps.sources, site, monthPeriod(month), now);
  return { data, pdf: await reportPdf(data, stored?.summary ?? '', null), stored: stored ? 'draft' : null };
}
