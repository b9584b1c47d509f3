/**
 * The report's watched-site sections, from the watch feature's stored checks (src/server/features/watch/): the crawls'
 * scores and diffs, the availability checks (uptime, response time p50/p95 by the watch's own percentile), the
 * latest certificate check, and the alerts (the watch's own list). The admin shows these over the last 30 and 90 days;
 * a report reads the same rows for its month, UK days.
 */
import { noData, reportContentIds, reportLimits } from '~/config/report';
import type { ReportPeriod, ReportSite, Section } from '~/lib/report-types';
import type { Db } from '../../db';
import { dayEnd, dayStart } from '~/lib/days.mjs';
import { availabilityBetween, certificateBetween, type ChangeItem, crawlsBefore, getSite, listAlerts, listSites, type WatchedSite } from '../watch';
import type { ReportSectionSources } from './sources';

/** The period as times: from its first day's start to the start of the day after its last (UK days). */
export const periodSpan = (period: ReportPeriod) => ({ start: dayStart(period.from), end: dayEnd(period.to) });

const none = (reason: string): Section<never> => ({ available: false, reason });

/** The watched site behind a report's site: the same id (this website's is the one `thisSiteId`). */
async function watchedOf(db: Db, site: ReportSite): Promise<WatchedSite | null> {
  return getSite(db, site.key);
}

/** A watched client's site as a report's site: its name, and its client's e-mail. */
export const reportSiteOf = (site: WatchedSite): ReportSite => ({
  key: site.id,
  name: site.name,
  url: new URL(site.url).origin,
  clientName: site.name,
  clientEmail: site.clientEmail,
  thisSite: false,
  watchedSince: site.createdAt,
  // The owner's report settings (contact, recipients, parts) are laid over these by the report's sources.
  contactName: null,
  recipients: site.clientEmail ? [site.clientEmail] : [],
  contents: [...reportContentIds],
});

/** The clients' sites now watched (this site is listed by the report's own sources). */
export async function watchedClientSites(db: Db): Promise<ReportSite[]> {
  return (await listSites(db)).filter((site) => !site.isThisSite).map(reportSiteOf);
}

/** A client's site by its id, removed or not; null once erased. */
export async function watchedClientSite(db: Db, key: string): Promise<ReportSite | null> {
  const site = await getSite(db, key);
  return site && !site.isThisSite ? reportSiteOf(site) : null;
}

export function watchSources(db: Db): Pick<ReportSectionSources, 'crawl' | 'uptime' | 'certificate' | 'alerts'> {
  return {
    async crawl(site, period) {
      const watched = await watchedOf(db, site);
      if (!watched) return none(noData.crawl);
      const { start, end } = periodSpan(period);
      // The watch's own read of its crawls (the Sites view's score trend), up to the period's end.
      const crawls = (await crawlsBefore(db, watched.id, end, reportLimits.trendPoints)).reverse();
      const inPeriod = crawls.filter((crawl) => crawl.at >= start);
      if (inPeriod.length === 0) return none(noData.crawl);
      // What changed across the month's crawls, each problem by its last change: new and still so, or fixed.
      const last = new Map<string, { item: ChangeItem; fixed: boolean }>();
      for (const { diff } of inPeriod) {
        if (!diff) continue;
        for (const item of [...diff.newFindings, ...diff.beganError, ...diff.beganNoindex]) last.set(item.key, { item, fixed: false });
        for (const item of diff.fixedFindings) last.set(item.key, { item, fixed: true });
      }
      const listed = (fixed: boolean) => [...last.values()].filter((entry) => entry.fixed === fixed).map(({ item }) => ({ message: item.text, url: item.url }));
      const fixedProblems = listed(true);
      const newProblems = listed(false);
      const latest = inPeriod.at(-1)!;
      return {
        available: true,
        data: {
          score: latest.score,
          trend: crawls.map((crawl) => ({ at: crawl.at, score: crawl.score })),
          pages: latest.pages,
          newProblems: newProblems.slice(0, reportLimits.problemRows),
          fixedProblems: fixedProblems.slice(0, reportLimits.problemRows),
          newCount: newProblems.length,
          fixedCount: fixedProblems.length,
        },
      };
    },
    async uptime(site, period) {
      const watched = await watchedOf(db, site);
      if (!watched) return none(noData.uptime);
      const { start, end } = periodSpan(period);
      // The Sites view's own figures (uptime, p50 and p95 by its percentile), over the period's days.
      const figures = await availabilityBetween(db, watched.id, start, end);
      if (figures.uptime === null) return none(noData.uptime);
      return { available: true, data: { ...figures, uptime: figures.uptime } };
    },
    async certificate(site, period) {
      const watched = await watchedOf(db, site);
      if (!watched) return none(noData.certificate);
      const { start, end } = periodSpan(period);
      const cert = await certificateBetween(db, watched.id, start, end);
      if (!cert) return none(noData.certificate);
      return { available: true, data: { expiresAt: cert.validTo, daysLeft: cert.daysLeft, hosts: cert.names } };
    },
    async alerts(site, period) {
      const watched = await watchedOf(db, site);
      if (!watched) return none(noData.alerts);
      const { start, end } = periodSpan(period);
      const within = (at: number | null) => at !== null && at >= start && at < end;
      // The Alerts list's own read, for this site.
      const alerts = await listAlerts(db, { site: watched.id, limit: 1000 });
      const line = (a: (typeof alerts)[number]) => ({ title: a.title, openedAt: a.openedAt, closedAt: a.closedAt });
      return {
        available: true,
        data: { opened: alerts.filter((a) => within(a.openedAt)).map(line), closed: alerts.filter((a) => within(a.closedAt)).map(line) },
      };
    },
  };
}
