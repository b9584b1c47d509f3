/**
 * Where a report's figures come from: one function per section, handed to this feature by the composition root, so
 * each figure is read by the same function the admin shows it with (never counted again here). This site's visits,
 * enquiries and real-user vitals come from the analytics and the inbox; the watched sites' crawls, uptime, certificate
 * and alerts from the watch feature, and search from the search feature, once they are joined in (`withSources`).
 */
import { business } from '~/config/business';
import { noData, reportContentIds, reportLimits } from '~/config/report';
import type { VitalMetric } from '~/config/analytics';
import { ratingOfValue } from '~/lib/analytics-figures';
import type { ReportPeriod, ReportSections, ReportSite, ReportTrends, Section, TrendPoint, VisitTotals } from '~/lib/report-types';
import type { Db } from '../../db';
import { measuredOn, performanceBetween, totals } from '../analytics';
import { enquiriesOnDays } from '../contact';
import { lastSearchDay, searchTotals } from '../search';
import { thisSiteId } from '../sites';
import { comparisons, coveredDays, lastDayOfData, monthBefore, monthPeriod } from './period';
import { searchSection } from './search';
import { type SiteReportSettings, siteReportSettings } from './store';
import { watchedClientSite, watchedClientSites, watchSources } from './watched';

type SectionOf<K extends keyof ReportSections> = ReportSections[K];

/** One function per section; each says "no data" (with the reason) rather than returning zeros. */
export type ReportSectionSources = { [K in keyof ReportSections]: (site: ReportSite, period: ReportPeriod, now: number) => Promise<SectionOf<K>> };

export interface ReportSources extends ReportSectionSources {
  /** The sites reports are made for: this site first, then the watched sites the owner has not erased. */
  sites(): Promise<ReportSite[]>;
  /** One of them by key; null when there is none (never was, or erased: its reports can no longer be opened). */
  site(key: string): Promise<ReportSite | null>;
  /** The last day the site's search sources have data on, up to `upTo`; null when it has none. */
  searchDataTo(site: ReportSite, upTo: string): Promise<string | null>;
  /** Clicks and visits per month over the last `reportLimits.trendMonths` months up to the period's (null: no data). */
  trends(site: ReportSite, period: ReportPeriod, now: number): Promise<ReportTrends>;
}

export const none = (reason: string): Section<never> => ({ available: false, reason });
const some = <T>(data: T): Section<T> => ({ available: true, data });

/** This website as a report's site: the owner's own, so the "client" is the business itself. */
export function thisSite(siteUrl: string, ownerEmail: string): ReportSite {
  return {
    key: thisSiteId,
    // The name the Sites tab lists it by (the business's), not its host: one site, one name.
    name: business.name,
    url: new URL(siteUrl).origin,
    clientName: business.name,
    clientEmail: ownerEmail,
    thisSite: true,
    watchedSince: null,
    contactName: null,
    recipients: [ownerEmail],
    contents: [...reportContentIds],
  };
}

/**
 * A site with the owner's report settings: its contact, its recipients (none chosen: the client e-mail it has), the
 * parts its client gets. `clientEmail` stays the first recipient, as the admin names it.
 */
export function withSettings(site: ReportSite, settings: SiteReportSettings | undefined): ReportSite {
  const fallback = site.clientEmail ? [site.clientEmail] : [];
  if (!settings) return { ...site, recipients: fallback };
  const recipients = settings.recipients.length > 0 ? settings.recipients : fallback;
  return { ...site, contactName: settings.contactName, recipients, clientEmail: recipients[0] ?? null, contents: settings.contents };
}

/** The months a report's trends cover: the last `reportLimits.trendMonths`, up to its own (its last day's month). */
export function trendMonths(period: ReportPeriod): string[] {
  const last = period.to.slice(0, 7);
  return Array.from({ length: reportLimits.trendMonths }, (_, i) => monthBefore(last, reportLimits.trendMonths - 1 - i));
}

/** A figure per month, null for a month without data; a month still going runs to the last day with data. */
async function perMonth(period: ReportPeriod, now: number, read: (from: string, to: string) => Promise<number | null>): Promise<TrendPoint[]> {
  const lastDay = lastDayOfData(period, now);
  return Promise.all(
    trendMonths(period).map(async (month) => {
      const { from, to } = monthPeriod(month);
      const end = to < lastDay ? to : lastDay;
      return { month, value: from > end ? null : await read(from, end) };
    }),
  );
}

/** This site's visits per month (the Overview's totals); a month the analytics counted nothing on has none. */
const visitsPerMonth = (db: Db, period: ReportPeriod, now: number) =>
  perMonth(period, now, async (from, to) => ((await measured(db, from, to)) ? (await totals(db, from, to)).visits : null));

/** A site's clicks from search per month (Google and Bing together, as the section's totals); no rows: none. */
const clicksPerMonth = (db: Db, searchSite: string, period: ReportPeriod, now: number) =>
  perMonth(period, now, async (from, to) => (await searchTotals(db, searchSite, 'all', from, to))?.clicks ?? null);

const noTrend = (period: ReportPeriod): TrendPoint[] => trendMonths(period).map((month) => ({ month, value: null }));

/** Whether the analytics counted anything on those days (before the site was measured, a comparison has no data). */
const measured = measuredOn;

async function visitTotals(db: Db, from: string, to: string): Promise<VisitTotals | null> {
  if (!(await measured(db, from, to))) return null;
  // The Overview's figures for the same days: analytics/report.ts `totals`.
  const t = await totals(db, from, to);
  return { visitors: t.visitors, visits: t.visits, pageViews: t.pageViews, conversions: t.conversions };
}

const coreVitals: VitalMetric[] = ['LCP', 'INP', 'CLS'];

/** The sections this feature can fill from this site's own data; the others say they have none yet. */
export function ownDataSources(db: Db): ReportSectionSources {
  const onlyThisSite = none(noData.thisSiteOnly);
  return {
    crawl: async () => none(noData.crawl),
    uptime: async () => none(noData.uptime),
    certificate: async () => none(noData.certificate),
    alerts: async () => none(noData.alerts),
    search: async () => none(noData.search),
    async visits(site, period, now) {
      if (!site.thisSite) return onlyThisSite;
      // A month in progress is compared over the same number of days of the months it is set against.
      const through = lastDayOfData(period, now);
      const { previous, lastYear } = comparisons(period, through);
      const [current, before, yearAgo] = await Promise.all([
        visitTotals(db, period.from, through),
        visitTotals(db, previous.from, previous.to),
        visitTotals(db, lastYear.from, lastYear.to),
      ]);
      return current ? some({ current, previous: before, lastYear: yearAgo, covered: coveredDays(period, through) }) : none(noData.visits);
    },
    async enquiries(site, period, now) {
      if (!site.thisSite) return onlyThisSite;
      const through = lastDayOfData(period, now);
      const { previous, lastYear } = comparisons(period, through);
      const countIfMeasured = async (from: string, to: string) => ((await measured(db, from, to)) ? enquiriesOnDays(db, from, to) : null);
      const [count, before, yearAgo] = await Promise.all([
        enquiriesOnDays(db, period.from, through),
        countIfMeasured(previous.from, previous.to),
        countIfMeasured(lastYear.from, lastYear.to),
      ]);
      return some({ count, previous: before, lastYear: yearAgo, covered: coveredDays(period, through) });
    },
    async vitals(site, period) {
      if (!site.thisSite) return onlyThisSite;
      // The Performance tab's figures (p75 over at least the minimum of samples) for the report's days.
      const { siteWide } = await performanceBetween(db, period.from, period.to);
      const rows = siteWide
        .filter((v) => coreVitals.includes(v.metric))
        .map((v) => ({
          metric: v.metric,
          formFactor: v.formFactor,
          p75: v.p75,
          samples: v.samples,
          rating: v.p75 === null ? null : ratingOfValue(v.metric, v.p75),
        }));
      return rows.some((row) => row.p75 !== null) ? some({ rows }) : none(noData.vitals);
    },
  };
}

/** The sources with some sections replaced (the watch and search features', joined in by the composition root). */
export function withSources(base: ReportSources, replaced: Partial<ReportSectionSources & Pick<ReportSources, 'trends'>>): ReportSources {
  return { ...base, ...replaced };
}

/**
 * The sources of every report: this site's own data; the watched sites' crawls, uptime, certificate and alerts (the
 * watch feature's); and each site's search data (the search feature's, kept per watched site: this site's is the
 * watch's own).
 */
export function reportSources(db: Db, options: { siteUrl: string; ownerEmail: string }): ReportSources {
  const own = ownSources(db, options.siteUrl, options.ownerEmail);
  // A report's site is keyed by the site's one id (this website's too), as the search data is.
  const searchSite = (site: ReportSite) => site.key;
  return {
    ...own,
    ...watchSources(db),
    search: async (site, period, now) => searchSection(db, searchSite(site), period, lastDayOfData(period, now)),
    sites: async () => {
      const [settings, watched] = await Promise.all([siteReportSettings(db), watchedClientSites(db)]);
      return [...(await own.sites()), ...watched.map((site) => withSettings(site, settings.get(site.key)))];
    },
    searchDataTo: (site, upTo) => lastSearchDay(db, searchSite(site), 'all', upTo),
    site: async (key) => {
      const found = (await own.site(key)) ?? (await watchedClientSite(db, key));
      return found && (found.thisSite ? found : withSettings(found, (await siteReportSettings(db)).get(key)));
    },
    trends: async (site, period, now) => ({
      clicks: await clicksPerMonth(db, searchSite(site), period, now),
      visits: site.thisSite ? await visitsPerMonth(db, period, now) : noTrend(period),
    }),
  };
}

/** The sources for this site alone (until watched sites are joined in), from its own data. */
export function ownSources(db: Db, siteUrl: string, ownerEmail: string): ReportSources {
  const site = async () => withSettings(thisSite(siteUrl, ownerEmail), (await siteReportSettings(db)).get(thisSiteId));
  return {
    ...ownDataSources(db),
    sites: async () => [await site()],
    site: async (key) => (key === thisSiteId ? site() : null),
    searchDataTo: async () => null,
    // Visits are this site's alone; its search figures are the search feature's, joined in by `reportSources`.
    trends: async (report, period, now) => ({ clicks: noTrend(period), visits: report.thisSite ? await visitsPerMonth(db, period, now) : noTrend(period) }),
  };
}

/** Every section of a report, read at once. */
export async function readSections(sources: ReportSectionSources, site: ReportSite, period: ReportPeriod, now: number): Promise<ReportSections> {
  const [crawl, uptime, certificate, alerts, search, visits, enquiries, vitals] = await Promise.all([
    sources.crawl(site, period, now),
    sources.uptime(site, period, now),
    sources.certificate(site, period, now),
    sources.alerts(site, period, now),
    sources.search(site, period, now),
    sources.visits(site, period, now),
    sources.enquiries(site, period, now),
    sources.vitals(site, period, now),
  ]);
  return { crawl, uptime, certificate, alerts, search, visits, enquiries, vitals };
}
