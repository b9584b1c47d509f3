/**
 * The monthly client report: when it is prepared, how long a client's link lasts, and every word the report, its
 * e-mails and its pages say. Read by the report feature, its routes, the admin's Reports view and the tests.
 */
import { plural } from '../lib/plural.mjs';
import { sharedReportPrefix } from './report-path.mjs';

export const reportSchedule = {
  /** The day of the month (UK time) on which last month's reports are prepared as drafts and the owner told. */
  dayOfMonth: 1,
  /** How often the server looks whether a report is due (a pass is cheap: one lease, one read per site). */
  checkEveryMs: 15 * 60_000,
  /** The first pass after a start: soon, so a server restarted often still prepares the month's drafts, yet after
   * start-up (as the search sync's first run). */
  firstPassAfterMs: 60_000,
  /** The schedule's lease: one process prepares and sends at a time. */
  leaseMs: 5 * 60_000,
} as const;

export const reportLimits = {
  /** The first year a report may cover (earlier ones are typing slips; the year before it must still be a date). */
  earliestYear: 2000,
  /** A client's link opens the report for this many days after it was made, unless revoked sooner. */
  linkDays: 90,
  /** Rows in the top queries and top pages lists. */
  topRows: 10,
  /** Queries into and out of the top 10 listed at most (each way). */
  movedRows: 10,
  /** Problems listed by name at most (each of new and fixed); the rest are counted. */
  problemRows: 15,
  /** Points of the crawl score's trend. */
  trendPoints: 12,
  /** The summary paragraph, in characters. */
  summaryMax: 2000,
  /** Reports listed in the admin. */
  listed: 100,
  /** A period asked for on demand spans at most this many days. */
  maxPeriodDays: 366,
  /** Position that counts as "on the first page". */
  topPosition: 10,
  /** Addresses a site's report goes to, at most. */
  recipientsMax: 5,
  /** The client contact's name, in characters. */
  contactNameMax: 80,
  /** Months of the clicks and visits trend charts, the report's own month the last. */
  trendMonths: 12,
} as const;

export const reportPaths = {
  /** The client's read-only page: an unguessable token in the address, never listed, `noindex`. */
  shared: (token: string) => `${sharedReportPrefix}${token}`,
  sharedPdf: (token: string) => `${sharedReportPrefix}${token}/pdf`,
} as const;

export const reportActions = ['summary', 'draft-summary', 'approve', 'link', 'refresh'] as const;
export type ReportAction = (typeof reportActions)[number];

/** Headings, in the order the report shows them (HTML and PDF alike). */
export const reportSectionTitles = {
  summary: 'Summary',
  crawl: 'Site health',
  problems: 'Problems fixed and found',
  uptime: 'Uptime and speed of response',
  certificate: 'Security certificate',
  alerts: 'Alerts',
  search: 'Search',
  topQueries: 'Top searches',
  topPages: 'Top pages in search',
  movers: 'Searches onto and off the first page',
  visits: 'Visits',
  enquiries: 'Enquiries',
  vitals: 'Real visitors’ page speed',
} as const;
export type ReportSectionKey = keyof typeof reportSectionTitles;

/**
 * The parts of a report the owner chooses per client (Reports → Sites), each the sections it brings. The e-mail, the
 * PDF, the link page and the AI summary's prompt all leave out a part not chosen — and never call it missing.
 */
export const reportContents = [
  { id: 'summary', label: 'Summary', sections: ['summary'] },
  { id: 'health', label: 'Site health (crawl, problems, alerts)', sections: ['crawl', 'problems', 'alerts'] },
  { id: 'uptime', label: 'Uptime and security certificate', sections: ['uptime', 'certificate'] },
  { id: 'search', label: 'Search (clicks, top searches and pages)', sections: ['search', 'topQueries', 'topPages', 'movers'] },
  { id: 'visits', label: 'Visits', sections: ['visits'] },
  { id: 'enquiries', label: 'Enquiries', sections: ['enquiries'] },
  { id: 'vitals', label: 'Real visitors’ page speed', sections: ['vitals'] },
] as const satisfies readonly { id: string; label: string; sections: readonly ReportSectionKey[] }[];
export type ReportContentId = (typeof reportContents)[number]['id'];
export const reportContentIds = reportContents.map((c) => c.id) as [ReportContentId, ...ReportContentId[]];

/** Why a part of the report has no figures, in words a client reads. */
export const noData = {
  generic: 'No data for this part of the report in this period.',
  crawl: 'No crawl of this site finished in this period.',
  uptime: 'This site’s availability was not checked in this period.',
  certificate: 'No certificate check of this site in this period.',
  alerts: 'Alerts are not recorded for this site.',
  search: 'No search data for this site: its Search Console property is not shared with the service account and no Bing key is set.',
  searchPeriod: 'No search data for this site in this period.',
  /** Why one search source's figures are not in a report (its state recorded by the search sync), in words. */
  searchSource: (source: string, why: 'unshared' | 'off' | 'error' | 'unread' | 'empty') =>
    ({
      unshared:
        source === 'Bing'
          ? 'Bing is not included: this site is not in the Bing Webmaster Tools account that gathers the figures.'
          : 'Google is not included: this site’s Search Console property is not shared with the account that gathers the figures.',
      off: `${source} is not included: reading it is not set up.`,
      error: `${source} is not included: reading it failed, so its figures for these days are missing.`,
      unread: `${source} is not included: it has not been read for this site yet.`,
      empty: `${source} is not included: it has no data for this site on these days.`,
    })[why],
  /** The Sites tab's line on a site whose reports leave a search source out (as the report names it, in short). */
  searchSourcesNote: (included: string[], missing: { source: string; why: 'unshared' | 'off' | 'error' | 'unread' }[]) =>
    `Search: ${included.length === 0 ? 'no source' : `${included.join(' and ')} only`} — ${missing
      .map(({ source, why }) =>
        why === 'unshared'
          ? source === 'Bing'
            ? 'site not in the Bing account'
            : `${source} property not shared`
          : why === 'off'
            ? `${source} not set up`
            : why === 'error'
              ? `reading ${source} failing`
              : `${source} not read yet`,
      )
      .join('; ')}`,
  thisSiteOnly: 'Counted for this website only.',
  visits: 'No visits were counted in this period.',
  vitals: 'Too few real-visitor measurements in this period to give a figure.',
  comparison: 'no data',
} as const;

export const reportText = {
  title: (siteName: string, periodLabel: string) => `${siteName}: report for ${periodLabel}`,
  preparedFor: (clientName: string) => `Prepared for ${clientName}`,
  preparedBy: (ownerName: string, businessName: string) => `By ${ownerName}, ${businessName}`,
  summaryMissing: 'No summary written yet.',
  /** Which sources a search total holds. */
  searchFrom: (sources: string[]) => `Figures from ${sources.join(' and ')}${sources.length === 1 ? ' only' : ''}.`,
  /** A period whose data ends before its last day (the month in progress, or Google's lag of 2–3 days). */
  dataUpTo: (day: string) => `Data up to ${day}; each comparison is over the same number of days.`,
  /** A comparison whose days begin before the data does. */
  partialComparison: (day: string) => `its data begins on ${day}, so it covers only part of those days`,
  againstPrevious: 'Month before',
  againstLastYear: 'Same month last year',
  thisPeriod: 'This period',
  chartCaption: (what: string) => `${what}, in figures: `,
  /** The trend charts over the last months (a month without data is a gap, never a zero). */
  clicksTrend: 'Clicks from search, month by month',
  visitsTrend: 'Visits, month by month',
  trendUnit: 'per month',
  trendTable: (caption: string) => `${caption}, in figures`,
  clicksMeasure: 'Clicks',
  visitsMeasure: 'Visits',
  trendMonth: 'Month',
  noDataMonth: 'no data',
  trendGapNote: 'A month without data is left as a gap.',
  scoreOutOf: (score: number) => `${score} / 100`,
  noneInPeriod: 'None in this period.',
  andMore: (count: number) => `and ${count} more`,
  pdfLink: 'Download this report as a PDF',
  footer: (businessName: string) => `Report by ${businessName}`,
  linkGone: 'This report is no longer available',
  linkGoneHelp: 'Its link has expired or was withdrawn. Ask whoever sent it to you for a new one.',
} as const;

export const reportMessages = {
  notFound: 'No such report.',
  badMonth: `Give the month as YYYY-MM, from ${reportLimits.earliestYear} on and not in the future.`,
  badPeriod: `Give a first and last day in order, from ${reportLimits.earliestYear} on and not in the future, at most ${reportLimits.maxPeriodDays} days apart.`,
  unknownSite: 'No watched site has that address.',
  monthOrDays: 'Give a month, or a first and last day.',
  summaryNotText: 'The summary is text.',
  alreadySent: 'This report was sent already; it is kept as it was sent.',
  noRecipient: 'This site has no client e-mail address: add one in Sites before sending.',
  settingsSaved: (siteName: string) => `Report settings saved for ${siteName}.`,
  badRecipient: (address: string) => `“${address}” is not an e-mail address.`,
  tooManyRecipients: `At most ${reportLimits.recipientsMax} addresses.`,
  repeatedRecipient: (address: string) => `${address} is listed twice.`,
  contactNameTooLong: `The contact’s name is at most ${reportLimits.contactNameMax} characters.`,
  noContents: 'Choose at least one part of the report.',
  approvedQueued: (recipient: string) => `Approved: queued for ${recipient}.`,
  summaryFigures: (figures: string[]) =>
    `The summary states ${plural(figures.length, 'figure', 'figures')} the report does not hold: ${figures.join(', ')}. Change ${figures.length === 1 ? 'it' : 'them'} or take ${figures.length === 1 ? 'it' : 'them'} out.`,
  summaryTooLong: `The summary is at most ${reportLimits.summaryMax} characters.`,
  aiNotSetUp: (missing: string[]) => `The AI generator is not set up: ${missing.join(', ')}.`,
  linkRevoked: 'Link withdrawn: it now answers that the report is no longer available.',
  refreshed: 'Figures read again.',
  prepared: (month: string, prepared: number, sent: number) =>
    prepared === 0 && sent === 0
      ? `Every site's report for ${month} was prepared already.`
      : `${plural(prepared, 'draft')} prepared for ${month}${sent ? `, ${plural(sent, 'report')} sent automatically` : ''}.`,
  busy: 'Another server is preparing the reports now; they will be listed in a moment.',
  notYet: (day: number) => `Last month's reports are prepared from day ${day} of the month.`,
  autoSend: (on: boolean) =>
    on ? 'This site’s report will be sent each month without waiting for approval.' : 'This site’s report will wait for your approval.',
} as const;

/** Greets the client's contact by name ("Dear Sarah,"); without a name, a neutral "Hello,". */
export const reportGreeting = (contactName: string | null) => (contactName ? `Dear ${contactName},` : 'Hello,');

/** The e-mails the schedule sends. */
export const reportMails = {
  draftReady: (siteName: string, periodLabel: string, adminUrl: string) => ({
    subject: `Report ready to review: ${siteName}, ${periodLabel}`,
    body: [
      `The report of ${siteName} for ${periodLabel} is ready as a draft.`,
      '',
      `Review it, write the summary and send it from the admin: ${adminUrl}`,
    ].join('\n'),
  }),
  autoSent: (siteName: string, periodLabel: string, recipient: string) => ({
    subject: `Report sent: ${siteName}, ${periodLabel}`,
    body: `The report of ${siteName} for ${periodLabel} was sent to ${recipient} automatically, as chosen for this site.`,
  }),
  toClient: (args: {
    contactName: string | null;
    siteName: string;
    periodLabel: string;
    link: string;
    linkDays: number;
    ownerName: string;
    businessName: string;
  }) => ({
    subject: `${args.siteName}: your report for ${args.periodLabel}`,
    body: [
      reportGreeting(args.contactName),
      '',
      `Your report for ${args.siteName} for ${args.periodLabel} is attached as a PDF.`,
      `You can also read it online (the link works for ${plural(args.linkDays, 'day')}): ${args.link}`,
      '',
      'Kind regards,',
      args.ownerName,
      args.businessName,
    ].join('\n'),
  }),
} as const;

/** The AI summary: what it is asked, and the one repair request when it states a figure the report does not hold. */
export const reportSummaryPrompt = {
  system: [
    'You write the summary paragraph of a monthly website report that an SEO specialist sends to a client.',
    'Write British English, plain and friendly, 60 to 140 words, one paragraph, no headings, no lists, no markdown.',
    'Use only the figures given in the report data. Do not state any number, percentage or date that is not in the data.',
    'Where a part of the report has no data, do not guess it; you may say it is not available.',
  ].join(' '),
  repair: (figures: string[]) => `Your summary stated figures that are not in the report: ${figures.join(', ')}. Rewrite it using only the report's figures.`,
} as const;
