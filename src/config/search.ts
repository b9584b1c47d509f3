/**
 * Search data in the cockpit (issue 32): the sources, the view's periods and lists, the opportunities' rules and the
 * words the admin shows. One place; the server, the admin and the tests read them from here.
 */
import { plural } from '../lib/plural.mjs';

export const searchSources = [
  { id: 'all', label: 'Google and Bing' },
  { id: 'google', label: 'Google' },
  { id: 'bing', label: 'Bing' },
] as const;
export type SearchSourceFilter = (typeof searchSources)[number]['id'];

/** A Search Console property's name: a domain property (`sc-domain:host`) or a URL prefix ending in `/`. */
export const searchPropertyPattern = /^(sc-domain:[a-z0-9.-]+|https?:\/\/\S+\/)$/i;

/** Which stored sources each filter reads: an imported Search Console export counts as Google's. */
export const storedSourcesOf: Record<SearchSourceFilter, string[]> = {
  all: ['google', 'bing', 'import'],
  google: ['google', 'import'],
  bing: ['bing'],
};

/**
 * The view's periods, each against the same number of days just before it. They end on the last day with data
 * (the sources lag by 2–3 days); a period of months starts on the 1st of its first month (the current month counts).
 */
export const searchPeriods = [
  { id: '7d', label: 'Last 7 days', days: 7 },
  { id: '28d', label: 'Last 28 days', days: 28 },
  { id: '3m', label: 'Last 3 months', months: 3 },
  { id: '6m', label: 'Last 6 months', months: 6 },
  { id: '16m', label: 'Last 16 months', months: 16 },
] as const;
/**
 * A custom period (`speriod=custom&sfrom=…&sto=…`): any days up to today, as far back as the sources keep (Search
 * Console keeps 16 months), checked by the server; why a range is refused, in words.
 */
export const customSearchRange = {
  id: 'custom',
  label: 'Custom range',
  maxMonthsBack: 16,
  missing: 'Choose a first and a last day.',
  outOfOrder: 'The first day comes after the last: choose them in order.',
  future: 'The last day is after today: search figures exist only for days gone by.',
  tooFarBack: 'Search engines keep 16 months of figures: choose a first day within them.',
} as const;

export type SearchPeriod = (typeof searchPeriods)[number]['id'] | typeof customSearchRange.id;
export const defaultSearchPeriod: SearchPeriod = '28d';

/** What the period is compared with (`scompare`): the same number of days just before it, or the same days a year earlier. */
export const searchCompares = [
  { id: 'previous', label: 'The period before', noun: 'the period before' },
  { id: 'year', label: 'A year earlier', noun: 'the same days a year earlier' },
] as const;
export type SearchCompare = (typeof searchCompares)[number]['id'];

const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const parts = (day: string) => {
  const [y, m, d] = day.split('-');
  const month = dayMonthYear.formatToParts(new Date(`${day}T12:00:00Z`)).find((part) => part.type === 'month')!.value;
  return { year: y!, month: m!, day: String(Number(d)), monthName: month };
};

/** Days in words, as short as they read clearly: '1–28 Oct 2025', '30 Sep – 27 Oct 2025', '2 Dec 2024 – 5 Jan 2025'. */
export function searchRangeWords(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  if (from === to) return `${b.day} ${b.monthName} ${b.year}`;
  if (a.year === b.year && a.month === b.month) return `${a.day}–${b.day} ${b.monthName} ${b.year}`;
  if (a.year === b.year) return `${a.day} ${a.monthName} – ${b.day} ${b.monthName} ${b.year}`;
  return `${a.day} ${a.monthName} ${a.year} – ${b.day} ${b.monthName} ${b.year}`;
}

/**
 * The lists' downloads: a CSV of every row of the view's list; a file name naming the site and the days. Queries
 * new and lost: the rows the view lists.
 */
export const searchDownloads = {
  linkText: 'Download CSV',
  queriesHeader: ['Query', 'Clicks', 'Impressions', 'CTR (%)', 'Average position'],
  pagesHeader: ['Page', 'Clicks', 'Impressions', 'CTR (%)', 'Average position', 'Visits from search', 'Enquiries', 'p75 LCP (ms)'],
  fileName: (list: 'queries' | 'pages', site: string, from: string, to: string) =>
    `search-${list}-${site.replace(/[^a-z0-9.-]+/gi, '-').toLowerCase()}-${from}-to-${to}.csv`,
};

export const searchNewLost = {
  title: 'Queries new and lost',
  hint: 'New: searched and seen in this period, not at all in the one compared. Lost: the reverse, with the figures they had then.',
  newTitle: 'New',
  lostTitle: 'Lost',
  /** Rows each list shows. */
  rows: 10,
  none: 'None.',
};

/**
 * How late the sources' figures arrive: Google's (and Bing's) figures for a day are complete at the latest this many
 * days after it (usually 2–3). A month's figures are whole once its last day is this far behind, or once every source
 * with data has reached it.
 */
export const searchLagDays = 3;

export const searchLists = {
  /** Rows a list shows before "Show all". */
  shortList: 10,
  /** Rows one page of "Show all" holds. */
  pageSize: 50,
  /** The longest search text in a list. */
  maxSearch: 200,
};

/**
 * What a result at each position is usually clicked (organic CTR by position, rounded from published click-through
 * studies): a rule of thumb to find pages clicked far less than where they rank would suggest.
 */
export const expectedCtrByPosition = [0.28, 0.15, 0.11, 0.08, 0.07, 0.05, 0.04, 0.03, 0.025, 0.02] as const;
/** Beyond position 10 (page 2 and after). */
export const expectedCtrBeyondTen = 0.01;

export const opportunityRules = {
  /** "Striking distance": queries ranking in these positions, by impressions. */
  strikingFrom: 4,
  strikingTo: 20,
  /** A page's CTR counts as well below its position's when it is under this share of the expected CTR. */
  lowCtrShare: 0.5,
  /** Too few impressions say nothing about CTR. */
  minImpressions: 100,
  /** Rows per opportunity list. */
  listRows: 10,
  /** A page's top queries handed to the AI generator. */
  queriesForPrompt: 5,
};

export const opportunityKinds = [
  { id: 'striking', title: 'Queries close to page one', hint: 'Average position 4 to 20, most impressions first: a better title or section could lift them.' },
  {
    id: 'lowCtr',
    title: 'Pages clicked less than their position suggests',
    hint: 'CTR under half of what that position usually gets: the title and description may not answer the search.',
  },
  { id: 'noClicks', title: 'Pages seen but never clicked', hint: 'Impressions in the period and no clicks at all.' },
] as const;
export type OpportunityKind = (typeof opportunityKinds)[number]['id'];

/** Why the AI is asked for a new title and description, per kind of opportunity (figures already formatted). */
export const opportunityPromptReasons: Record<
  OpportunityKind,
  (f: { query: string; position: string; ctr: string; usual: string; impressions: string }) => string
> = {
  striking: (f) =>
    `It appears for "${f.query}" at position ${f.position} on average, close to page one: make the title and description answer that search plainly, as the page does.`,
  lowCtr: (f) =>
    `People see it at position ${f.position} but click it less than that position usually gets (CTR ${f.ctr}, usually about ${f.usual}): answer those searches plainly, keep what is true of the page, and make the result the one to choose.`,
  noClicks: (f) =>
    `People saw it ${f.impressions} times in the period and never clicked: answer those searches plainly, keep what is true of the page, and make the result the one to choose.`,
};

export const searchText = {
  tabIntro: 'What people searched for on Google and Bing, where they landed, and whether they enquired.',
  noData: 'No search data yet. Connect Google Search Console or Bing Webmaster Tools (see Settings), or import a Search Console export.',
  badQuery: 'Choose a period and a source.',
  compareLabel: 'Compare with',
  comparedWith: (days: string) => `Compared with ${days}.`,
  importRefusedPrefix: 'Not imported: ',
  importTooLarge: 'The file is larger than a Search Console export.',
  sourceLabels: { google: 'Google Search Console', bing: 'Bing Webmaster Tools', import: 'Imported export' } as Record<string, string>,
  stateLabels: { ok: 'Connected', off: 'Not connected', unshared: 'Not shared', error: 'Problem' } as Record<string, string>,
  /** The Search view's site choice. */
  siteLabel: 'Site',
  thisSite: 'This website',
  clientSitesTitle: 'Clients’ sites',
  clientSitesIntro:
    'Each client’s site is synced after this one with the same key and API key. Share a client’s Search Console property with the service account (add its e-mail as a user of the property), and add the client’s site to the Bing Webmaster Tools account whose key is set.',
  noClientSites: 'No client’s site is watched yet: add one in the Sites tab.',
  /** The Sites tab's form: a client site's property. */
  propertyHint:
    'Empty: the domain property of the site’s domain without www (sc-domain:…). For a URL-prefix property, its address ending in /. Share the property with the service account (Settings → Search data sources) so its search figures are synced.',
  askingProperties: 'Asking Google which properties the service account can read…',
  propertyNotReadable: (property: string) =>
    `The service account cannot read ${property}: set GSC_PROPERTY to one of the properties above, or add the service account as a user of ${property} in Search Console.`,
  /** What the service account may read, where a property is set or shown. */
  readableProperties(answer: { email: string | null; readable: string[] | null; message: string | null }): string {
    if (answer.readable === null) return answer.message ? `The properties the service account can read are not known: ${answer.message}` : '';
    if (answer.readable.length === 0)
      return `The service account ${answer.email ?? ''} can read no property yet: add it as a user of the property in Search Console.`;
    return `The service account ${answer.email ?? ''} can read: ${answer.readable.join(', ')}.`;
  },
  /** A client's page has no visits counted here: the analytics measure this website only. */
  clientPagesUnmeasured: 'Visits and enquiries are counted for this website only.',
  /** Bing's AvgImpressionPosition has no documented scale: the view shows it as Bing gives it, and says no more. */
  bingPositionNote:
    "Bing's average positions are shown as Bing's API gives them (AvgImpressionPosition, whose scale Microsoft does not document): compare them with each other over time rather than with Google's.",
  /** An import is not a connection: its state reads as what it is. */
  importStateLabel: 'Imported',
  /**
   * What the view says of an imported export it reads: its queries and pages are totals of its whole range (Search
   * Console gives them no day split), its daily figures are per day. `day` writes a day as the admin does.
   */
  importedNote(imported: { from: string; to: string; days: number; covered: number; listed: boolean }, day: (iso: string) => string): string {
    const range = imported.from === imported.to ? day(imported.from) : `${day(imported.from)} – ${day(imported.to)}`;
    const whole = `The imported Search Console export gives its queries and pages only as totals for ${range} (${plural(imported.days, 'day')}), not day by day.`;
    if (!imported.listed) {
      return `${whole} This period does not hold its last day, so they are not in the lists; its daily figures are in the totals and the chart.`;
    }
    if (imported.covered < imported.days) {
      return `${whole} This period holds only ${plural(imported.covered, 'day')} of them, yet the lists count the export's whole range; the totals and the chart count its days in the period only.`;
    }
    return `${whole} The lists count them whole; a query's or page's chart shows them on ${day(imported.to)}. The totals and the chart are day by day.`;
  },
};

/** The expected CTR at an average position. */
export function expectedCtr(position: number): number {
  if (!(position >= 1)) return expectedCtrByPosition[0];
  const rank = Math.round(position);
  return rank <= expectedCtrByPosition.length ? expectedCtrByPosition[rank - 1]! : expectedCtrBeyondTen;
}
