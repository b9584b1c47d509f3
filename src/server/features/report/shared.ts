/**
 * What a client's link opens: the report it was made for, while the link is neither expired nor withdrawn and the
 * site has not been erased by the owner. Everything else answers "gone" (410) or, for a token that never was a link,
 * "not found" (404) — the same page either way for a guess, so a token tells nothing about others.
 */
import type { ReportView } from '~/lib/report-types';
import type { Db } from '../../db';
import type { ReportDeps } from './service';
import { linkState, readReport } from './store';

export type SharedReport = { state: 'open'; report: ReportView } | { state: 'gone' } | { state: 'unknown' };

export async function openSharedReport(deps: Pick<ReportDeps, 'db' | 'sources'>, token: string, now = Date.now()): Promise<SharedReport> {
  const link = await linkState(deps.db, token, now);
  if (link.state !== 'open') return link;
  const report = await readReport(deps.db, link.reportId);
  if (!report) return { state: 'gone' };
  // A site the owner erased takes its reports with it: their links no longer open.
  if (!(await deps.sources.site(report.data.site.key))) return { state: 'gone' };
  return { state: 'open', report };
}

/**
 * Whether the address after the report links' prefix (`<token>` or `<token>/pdf`) is no link at all, from the token's
 * hash alone: the HTTP front answers such an address 404 itself, without rendering (issue 39). Any other address,
 * a link that is gone included, is the route's to answer.
 */
export async function unknownLinkAddress(db: Db, rest: string): Promise<boolean> {
  const address = /^([^/]*)(?:\/pdf)?$/.exec(rest);
  return address ? (await linkState(db, address[1]!)).state === 'unknown' : false;
}
