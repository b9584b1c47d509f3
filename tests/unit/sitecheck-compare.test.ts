/** The comparison with the previous run counts only what both runs looked at. */
import { describe, expect, it } from 'vitest';
import type { CheckReport, Finding, PageReport } from '../../src/server/features/sitecheck/checker.mjs';
import { compareReports } from '../../src/server/features/sitecheck/service';

const origin = 'https://www.example.co.uk';
const page = (path: string, skipped: string | null = null): PageReport => ({
  url: origin + path,
  status: skipped ? null : 200,
  redirects: [],
  title: null,
  description: null,
  canonical: null,
  jsonLdTypes: [],
  noindex: false,
  inSitemap: true,
  htmlBytes: 1000,
  scriptBytes: 0,
  skipped,
});
const finding = (path: string | null, rule: Finding['rule'] = 'h1-missing'): Finding => ({
  url: path === null ? null : origin + path,
  rule,
  severity: 'error',
  message: 'm',
  fix: 'f',
  key: `${rule}|${path === null ? '' : origin + path}|`,
});
const report = (pages: PageReport[], findings: Finding[]): CheckReport => ({
  startUrl: `${origin}/`,
  origin,
  startedAt: 0,
  finishedAt: 1,
  cancelled: false,
  pageCapReached: false,
  pages,
  findings,
  summary: { pages: pages.length, errors: findings.length, warnings: 0, notices: 0, passed: 0 },
});

describe('comparing two runs', () => {
  it('calls a finding fixed only on a page both runs checked', () => {
    const before = report([page('/'), page('/a'), page('/b')], [finding('/a'), finding('/b'), finding(null, 'sitemap-missing')]);
    // /b was not reached this time (a smaller crawl): its finding is not "fixed", it was not looked at.
    const now = report([page('/'), page('/a')], []);
    const { fixed, newKeys } = compareReports(before, now);
    expect(fixed.map((f) => f.url)).toEqual([`${origin}/a`, null]);
    expect(newKeys).toEqual([]);
    expect(compareReports(before, now).pagesCompared).toBe(2);
  });

  it('calls a finding new only on a page the previous run checked too', () => {
    const before = report([page('/'), page('/a'), page('/c', 'disallowed by robots.txt')], []);
    const now = report([page('/'), page('/a'), page('/c'), page('/d')], [finding('/a'), finding('/c'), finding('/d')]);
    expect(compareReports(before, now).newKeys).toEqual([finding('/a').key]);
  });
});
