/**
 * The crawl: the site checker over the site (up to the page cap), kept as a small snapshot (each page's status,
 * noindex and sitemap listing; each finding), and the difference from the previous crawl: findings new and fixed,
 * pages that appeared in or left the sitemap, pages that began to answer 4xx/5xx or to say noindex. What is new and
 * wrong raises one alert for the site listing all of it; the alert closes once none of it is left.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { plural } from '~/lib/plural.mjs';
import { readReport } from '../audit';
import { type CheckReport, checkSite, SiteCheckError } from '../sitecheck';
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

/** What in a diff is wrong enough to raise the alert: new errors and warnings, pages that broke or left search. */
export function alarming(diff: CrawlDiff, now: CrawlSnapshot): ChangeItem[] {
  const severity = new Map(now.findings.map((f) => [f.key, f.severity]));
  return [...diff.beganError, ...diff.beganNoindex, ...diff.newFindings.filter((f) => severity.get(f.key) !== 'notice')];
}

/**
 * Runs the checker in a child process at the lowest CPU priority (crawl-process.mjs), so the pages it parses neither
 * hold up the server's event loop nor take the CPU from it; `signal` ends the process.
 */
function crawlInProcess(file: string, url: string, options: object, signal?: AbortSignal): Promise<CheckReport> {
  return new Promise((resolve, reject) => {
    const child = fork(file, [], { execArgv: [], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, 19);
      } catch {
        // Not allowed here: it runs at the server's own priority, still off its event loop.
      }
    }
    const stop = () => child.kill();
    signal?.addEventListener('abort', stop, { once: true });
    child.once('message', (message: { report?: CheckReport; failure?: string; siteCheckError?: boolean }) => {
      if (message.report) resolve(message.report);
      else reject(message.siteCheckError ? new SiteCheckError(message.failure) : new Error(message.failure));
    });
    child.once('error', reject);
    child.once('exit', () => {
      signal?.removeEventListener('abort', stop);
      reject(new Error(signal?.aborted ? 'The crawl was stopped.' : 'The crawl ended without a report.'));
    });
    child.send({ url, options });
  });
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
  try {
    report = reach.crawlProcess ? await crawlInProcess(reach.crawlProcess, siteUrl, options, signal) : await checkSite(siteUrl, { ...options, signal });
  } catch (error) {
    if (!(error instanceof SiteCheckError)) throw error;
    return { ok: false, summary: error.message, responseMs: null, score: null, evidence: { error: error.message }, problems: [], inconclusive: true };
  }
  if (report.cancelled) return { ok: false, summary: 'The crawl was stopped.', responseMs: null, score: null, evidence: {}, problems: [], inconclusive: true };
  const snapshot = snapshotOf(report);
  const score = readReport(report, { deadlineHit: false }).score;
  const diff = previous ? diffCrawls(previous, snapshot) : null;
  const present = presentKeys(snapshot);
  const items = new Map<string, ChangeItem>();
  for (const item of openItems) if (present.has(item.key)) items.set(item.key, item);
  for (const item of diff ? alarming(diff, snapshot) : []) items.set(item.key, item);
  const { summary } = report;
  const counts = `${plural(summary.pages, 'page')}, ${plural(summary.errors, 'error')}, ${plural(summary.warnings, 'warning')}, score ${score}`;
  const changes = diff
    ? `${plural(diff.newFindings.length, 'new finding')}, ${plural(diff.fixedFindings.length, 'fixed finding')}`
    : 'the first crawl: nothing to compare with yet';
  const host = new URL(siteUrl).host;
  const list = [...items.values()];
  const told = new Set(openItems.map((item) => item.key));
  // An open alert has at least one item: with none, there is none, and a new alert lists everything.
  const fresh = told.size === 0 ? [] : list.filter((item) => !told.has(item.key));
  return {
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
              title: `${plural(list.length, 'new problem')} on ${host} since the last crawl`,
              detail: list.map((item) => `- ${item.text}`).join('\n'),
              urgent: false,
              evidence: { items: list, ...(fresh.length > 0 && { newSinceSent: fresh }), diff },
              ...(fresh.length > 0 && {
                news: {
                  title: `${plural(fresh.length, 'more new problem')} on ${host} since the last crawl`,
                  detail: fresh.map((item) => `- ${item.text}`).join('\n'),
                },
              }),
            },
          ],
  };
}
