/** The audit's score and its reading of a site-check report: the weights and shares src/config/audit.ts states. */
import { describe, expect, it } from 'vitest';
import { auditLimits, auditMessages, auditScore, scoreLabel } from '../../src/config/audit';
import { rules } from '../../src/lib/sitecheck-rules.mjs';
import { readReport, topGroups } from '../../src/server/features/audit/score';
import type { CheckReport } from '../../src/server/features/sitecheck/checker.mjs';
import { finding, pageReport } from '../support/check-report';

const page = pageReport;
function report(findings: ReturnType<typeof finding>[], pages = 4, extra: Partial<CheckReport> = {}): CheckReport {
  const count = (severity: string) => findings.filter((f) => f.severity === severity).length;
  return {
    startUrl: 'https://example.co.uk/',
    origin: 'https://example.co.uk',
    startedAt: 0,
    finishedAt: 1,
    cancelled: false,
    pageCapReached: false,
    pages: Array.from({ length: pages }, (_, i) => page(`https://example.co.uk/${i}`)),
    findings,
    summary: { pages, errors: count('error'), warnings: count('warning'), notices: count('notice'), passed: 0 },
    ...extra,
  } as CheckReport;
}

describe('the audit score', () => {
  it('is 100 with nothing found, and everything passed', () => {
    const result = readReport(report([]), { deadlineHit: false });
    expect(result.score).toBe(auditScore.max);
    expect(result.scoreLabel).toBe(scoreLabel(100));
    expect(result.passed).toHaveLength(Object.keys(rules).length);
    expect(result.groups).toEqual([]);
  });

  it('takes a share of the weight from one page to every page, and all of it site-wide', () => {
    const { error, warning } = auditScore.weights;
    const onePage = readReport(report([finding('https://example.co.uk/0', 'h1-missing')]), { deadlineHit: false });
    expect(onePage.groups[0]!.points).toBeCloseTo(error * (auditScore.floorShare + (1 - auditScore.floorShare) / 4), 1);
    const everyPage = readReport(report([0, 1, 2, 3].map((i) => finding(`https://example.co.uk/${i}`, 'h1-missing'))), { deadlineHit: false });
    expect(everyPage.groups[0]).toMatchObject({ points: error, pages: 4, siteWide: false, details: expect.any(Array) });
    expect(everyPage.score).toBe(auditScore.max - error);
    const siteWide = readReport(report([finding(null, 'sitemap-missing')]), { deadlineHit: false });
    expect(siteWide.groups[0]).toMatchObject({ points: warning, siteWide: true, pages: 0 });
  });

  it('puts the costliest first, explains each in plain English, and never goes below 0', () => {
    const all = Object.keys(rules).map((rule) => finding(null, rule as keyof typeof rules));
    const result = readReport(report(all), { deadlineHit: false });
    expect(result.score).toBe(0);
    expect(result.groups[0]!.severity).toBe('error');
    expect(result.groups.at(-1)!.severity).toBe('notice');
    for (const group of result.groups) expect(group.why.length).toBeGreaterThan(20);
    expect(topGroups(result)).toHaveLength(auditLimits.topFindings);
    expect(result.passed).toEqual([]);
  });

  it('says when the report is partial', () => {
    const result = readReport(report([], 20, { pageCapReached: true }), { deadlineHit: true });
    expect(result.notes).toEqual([auditMessages.deadline, auditMessages.pageCap]);
  });
});
