/**
 * The crawl: the site checker over the site (up to the page cap), kept as a small snapshot (each page's status,
 * noindex and sitemap listing; each finding), and the difference from the previous crawl: findings new and fixed,
 * pages that appeared in or left the sitemap, pages that began to answer 4xx/5xx or to say noindex. What is new and
 * wrong raises one alert for the site listing all of it; the alert closes once none of it is left.
 */
import { crawlAlertText } from '~/config/watch';
import { plural } from '~/lib/plural.mjs';
import { readReport } from '../audit';
import { type CheckReport, checkSiteOffLoop, ChildJobFailure, SiteCheckError } from '../sitecheck';
import type { CheckOutcome, Reach } from './types';

export interface CrawlSnapshot {
  pages: { url: string; status: number | null; noindex: boolean; inSitemap: boolean; skipped: string | null }[];
  findings: { key: string; rule: string; severity: string; url: string | null; message: string }[];
}

/** One thing that changed for the worse; `key` says whether it is still so in a later crawl. */
export interface ChangeItem {
  key: string;
  url: string | null;
  text: string;
}

export interface CrawlDiff {
  newFindings: ChangeItem[];
  fixedFindings: ChangeItem[];
  appearedInSitemap: string[];
  leftSitemap: string[];
  beganError: ChangeItem[];
  beganNoindex: ChangeItem[];
}

export function snapshotOf(report: CheckReport): CrawlSnapshot {
  return {
    pages: report.pages.map((p) => ({ url: p.url, status: p.status, noindex: p.noindex, inSitemap: p.inSitemap, skipped: p.skipped })),
    findings: report.findings.map((f) => ({ key: f.key, rule: f.rule, severity: f.severity, url: f.url, message: f.message })),
  };
}

/** The pages a crawl read and analysed (answered 2xx, not skipped, no redirect loop): only those have findings of their own. */
/** Findings that a page could not be read at all. */
const pageFailures = new Set(['page-unreachable', 'http-error', 'redirect-loop', 'too-large']);

const reached = (snapshot: CrawlSnapshot) =>
  new Set(snapshot.pages.filter((p) => p.skipped === null && p.status !== null && p.status >= 200 && p.status < 300).map((p) => p.url));

/** The keys of what is wrong in a crawl now: its findings, its pages answering 4xx/5xx, its noindex pages. */
export function presentKeys(snapshot: CrawlSnapshot): Set<string> {
  return new Set([
    ...snapshot.findings.map((f) => f.key),
    ...snapshot.pages.filter((p) => p.status !== null && p.status >= 400).map((p) => `status|${p.url}`),
    ...snapshot.pages.filter((p) => p.noindex).map((p) => `noindex|${p.url}`),
  ]);
}

/**
 * What changed between two crawls. Findings on a page only count when both crawls reached the page (one that was not
 * reached has not been fixed or broken, just not compared); site-wide findings always count. Notices are listed in
 * the diff but raise nothing.
 */
export function diffCrawls(before: CrawlSnapshot, now: CrawlSnapshot): CrawlDiff {
  const readBefore = reached(before);
  const readNow = reached(now);
  // A finding that a page failed (a loop, an error, no answer) is about a page not read: it counts when the page was
  // read the other time.
  const comparable = (f: { url: string | null; rule: string }, other: Set<string>, self: Set<string>) =>
    f.url === null || (other.has(f.url) && (self.has(f.url) || pageFailures.has(f.rule)));
  const beforeKeys = new Set(before.findings.map((f) => f.key));
  const nowKeys = new Set(now.findings.map((f) => f.key));
  const item = (f: CrawlSnapshot['findings'][number]): ChangeItem => ({ key: f.key, url: f.url, text: f.message });
  const beforePages = new Map(before.pages.map((p) => [p.url, p]));
  const nowPages = new Map(now.pages.map((p) => [p.url, p]));
  const sitemapBefore = new Set(before.pages.filter((p) => p.inSitemap).map((p) => p.url));
  const sitemapNow = new Set(now.pages.filter((p) => p.inSitemap).map((p) => p.url));
  const beganError: ChangeItem[] = [];
  const beganNoindex: ChangeItem[] = [];
  for (const [url, page] of nowPages) {
    const earlier = beforePages.get(url);
    if (!earlier || earlier.status === null) continue;
    if (page.status !== null && page.status >= 400 && earlier.status < 400)
      beganError.push({ key: `status|${url}`, url, text: `${url} began to answer ${page.status} (it answered ${earlier.status}).` });
    if (page.noindex && !earlier.noindex) beganNoindex.push({ key: `noindex|${url}`, url, text: `${url} began to say noindex: search engines will drop it.` });
  }
  return {
    newFindings: now.findings.filter((f) => comparable(f, readBefore, readNow) && !beforeKeys.has(f.key)).map(item),
    fixedFindings: before.findings.filter((f) => comparable(f, readNow, readBefore) && !nowKeys.has(f.key)).map(item),
    appearedInSitemap: [...sitemapNow].filter((url) => !sitemapBefore.has(url)),
    leftSitemap: [...sitemapBefore].filter((url) => !sitemapNow.has(url)),
    beganError,
    beganNoindex,
  };
}

/** A page's address as a line names it: its path on the site, or the whole address when it is elsewhere. */
function pageName(url: string, siteUrl: string): string {
  try {
    const page = new URL(url);
    return page.origin === new URL(siteUrl).origin ? `${page.pathname}${page.search}` : url;
  } catch {
    return url;
  }
}

/** Findings a page's own change already says: its error answer, its noindex. */
const saidByStatus = new Set(['http-error']);
const saidByNoindex = new Set(['noindex-in-sitemap']);

/**
 * The lines of a crawl alert, and so its count (the one function for e-mail, webhook, Alerts and `watch:run`): one
 * line per change, each naming its page; the links (or assets) to one broken address grouped into one line; a finding
 * that only repeats a page's own change (its 500, its noindex) left out.
 */
export function crawlAlertLines(items: ChangeItem[], siteUrl: string): string[] {
  const ruleOf = (item: ChangeItem) => item.key.split('|')[0] ?? '';
  // The key is rule|page|subject (sitecheck's checker): a broken link's subject is its target.
  const subjectOf = (item: ChangeItem) => item.key.split('|').slice(2).join('|');
  const erring = new Set(items.filter((item) => ruleOf(item) === 'status').map((item) => item.url));
  const noindexed = new Set(items.filter((item) => ruleOf(item) === 'noindex').map((item) => item.url));
  const grouped = new Map<string, { rule: string; target: string; answer: string; pages: string[]; at: number }>();
  const lines: string[] = [];
  for (const item of items) {
    const rule = ruleOf(item);
    if (saidByStatus.has(rule) && erring.has(item.url)) continue;
    if (saidByNoindex.has(rule) && noindexed.has(item.url)) continue;
    if ((rule === 'broken-link' || rule === 'broken-asset') && item.url !== null) {
      const target = subjectOf(item);
      const group = grouped.get(`${rule}|${target}`);
      if (group) group.pages.push(item.url);
      else {
        // The checker ends the message with the answer in brackets: "Links to … (500)."
        const answer = /\(([^()]*)\)\.?$/.exec(item.text)?.[1] ?? 'an error';
        grouped.set(`${rule}|${target}`, { rule, target, answer, pages: [item.url], at: lines.length });
        lines.push('');
      }
      continue;
    }
    if (item.url === null) lines.push(item.text);
    else if (item.text.includes(item.url)) lines.push(item.text.replaceAll(item.url, pageName(item.url, siteUrl)));
    else lines.push(crawlAlertText.onPage(pageName(item.url, siteUrl), item.text));
  }
  for (const group of grouped.values()) {
    const say = group.rule === 'broken-link' ? crawlAlertText.linkedFrom : crawlAlertText.loadedBy;
    lines[group.at] = say(group.pages.length, pageName(group.pages[0]!, siteUrl), pageName(group.target, siteUrl), group.answer);
  }
  return lines;
}

/** What in a diff is wrong enough to raise the alert: new errors and warnings, pages that broke or left search. */
export function alarming(diff: CrawlDiff, now: CrawlSnapshot): ChangeItem[] {
  const severity = new Map(now.findings.map((f) => [f.key, f.severity]));
  return [...diff.beganError, ...diff.beganNoindex, ...diff.newFindings.filter((f) => severity.get(f.key) !== 'notice')];
}

/** A crawl the checker's process could not finish: said so, and nothing compared. */
function crawlEndedText(minutes: number, why: string): string {
  return `The crawl was ended (${why}); nothing was compared. A crawl is given ${plural(minutes, 'minute')}, far more than a site of ordinary pages needs.`;
}

/**
 * Crawls the site and compares with the previous crawl. `openItems`: what the site's open crawl alert lists (all of
 * it has been sent); those still wrong stay on it, what is wrong and not among them is news, sent once more on the
 * open alert, and with nothing new and nothing left, it closes.
 */
export async function checkCrawl(
  siteUrl: string,
  reach: Reach,
  previous: CrawlSnapshot | null,
  openItems: ChangeItem[],
  signal?: AbortSignal,
): Promise<CheckOutcome> {
  let report: CheckReport;
  const options = {
    maxPages: reach.crawlMaxPages,
    userAgent: reach.userAgent,
    addressPolicy: reach.addressPolicy,
    timeoutMs: reach.timeoutMs,
    // Two requests at a time: a client's site is not loaded hard.
    concurrency: 2,
  };
  const minutes = Math.round(reach.crawlDeadlineMs / 60_000);
  const inconclusive = (summary: string): CheckOutcome => ({
    ok: false,
    summary,
    responseMs: null,
    score: null,
    evidence: { error: summary },
    problems: [],
    inconclusive: true,
  });
  try {
    // In the checker's child process (lowest CPU priority, a memory ceiling), ended at the deadline, killed on shutdown.
    report = await checkSiteOffLoop(reach.checkProcess, siteUrl, options, { deadlineMs: reach.crawlDeadlineMs, signal });
  } catch (error) {
    if (error instanceof SiteCheckError) return inconclusive(error.message);
    if (error instanceof ChildJobFailure && error.reason !== 'failed') return inconclusive(crawlEndedText(minutes, error.message));
    throw error;
  }
  if (report.cancelled)
    return inconclusive(signal?.aborted ? 'The crawl was stopped.' : crawlEndedText(minutes, `it did not finish within ${plural(minutes, 'minute')}`));
  const snapshot = snapshotOf(report);
  const score = readReport(report, { deadlineHit: false }).score;
  const diff = previous ? diffCrawls(previous, snapshot) : null;
  const present = presentKeys(snapshot);
  const items = new Map<string, ChangeItem>();
  for (const item of openItems) if (present.has(item.key)) items.set(item.key, item);
  // The home page failing (no answer, an error, a loop) is the availability check's alert, urgent: not a second one here.
  const home = new URL(siteUrl).href;
  const homeFailure = (item: ChangeItem) => item.url === home && (item.key.startsWith('status|') || pageFailures.has(item.key.split('|')[0] ?? ''));
  for (const item of diff ? alarming(diff, snapshot) : []) if (!homeFailure(item)) items.set(item.key, item);
  const { summary } = report;
  const host = new URL(siteUrl).host;
  const list = [...items.values()];
  const lines = crawlAlertLines(list, siteUrl);
  const told = new Set(openItems.map((item) => item.key));
  // An open alert has at least one item: with none, there is none, and a new alert lists everything.
  const fresh = told.size === 0 ? [] : list.filter((item) => !told.has(item.key));
  const freshLines = crawlAlertLines(fresh, siteUrl);
  const counts = `${plural(summary.pages, 'page')}, ${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, score ${score}`;
  // The alert's own count (its lines), so the command line and the alert never disagree.
  const changes = diff
    ? `${lines.length === 0 ? 'nothing new is wrong' : crawlAlertText.title(lines.length, host)}, ${plural(diff.fixedFindings.length, 'fixed finding')}`
    : 'the first crawl: nothing to compare with yet';
  return {
    // The crawl could look: the next one compares with it (scheduler.ts). What it found wrong is in `problems`, and a
    // check with problems is shown as not ok (watch:run, the Sites tab).
    ok: true,
    summary: `${counts}; ${changes}.`,
    responseMs: null,
    score,
    evidence: { snapshot, diff, summary, pageCapReached: report.pageCapReached },
    problems:
      list.length === 0
        ? []
        : [
            {
              key: 'crawl',
              title: crawlAlertText.title(lines.length, host),
              detail: lines.map((line) => `- ${line}`).join('\n'),
              urgent: false,
              evidence: { items: list, ...(fresh.length > 0 && { newSinceSent: fresh }), diff },
              ...(fresh.length > 0 && {
                news: {
                  title: crawlAlertText.newsTitle(freshLines.length, host),
                  detail: freshLines.map((line) => `- ${line}`).join('\n'),
                },
              }),
            },
          ],
  };
}
