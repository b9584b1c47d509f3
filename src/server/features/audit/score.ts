/**
 * The audit's reading of a site-check report: the findings grouped by kind of problem, each with what it costs and how
 * to fix it in plain English, the score out of 100 (src/config/audit.ts says how), and what passed.
 */
import { auditLimits, auditMessages, auditScore, ruleWhy, scoreLabel } from '~/config/audit';
import type { AuditFindingGroup, AuditResult, AuditSeverity } from '~/lib/audit-types';
import { rules } from '~/lib/sitecheck-rules.mjs';
import type { CheckReport } from '../sitecheck';

/** A page as a finding names it: its path on the audited site, or the whole address of a page elsewhere. */
export function pageOf(url: string, origin: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

const severityOrder: Record<AuditSeverity, number> = { error: 0, warning: 1, notice: 2 };

export function readReport(report: CheckReport, { deadlineHit }: { deadlineHit: boolean }): AuditResult {
  const analysed = report.pages.filter((page) => page.skipped === null && page.status !== null && page.status < 400).length;
  const byRule = new Map<string, CheckReport['findings']>();
  for (const finding of report.findings) byRule.set(finding.rule, [...(byRule.get(finding.rule) ?? []), finding]);

  const groups: AuditFindingGroup[] = [...byRule].map(([rule, found]) => {
    const first = found[0]!;
    const pages = new Set(found.filter((f) => f.url !== null).map((f) => f.url)).size;
    const siteWide = pages === 0;
    const weight = auditScore.weights[first.severity];
    const share = siteWide ? 1 : auditScore.floorShare + (1 - auditScore.floorShare) * Math.min(1, pages / Math.max(1, analysed));
    return {
      rule,
      severity: first.severity,
      title: rules[rule]?.title ?? rule,
      why: (ruleWhy as Record<string, string>)[rule] ?? '',
      fix: first.fix,
      pages,
      siteWide,
      details: found.map((f) => ({ page: f.url === null ? null : pageOf(f.url, report.origin), text: f.message })),
      points: Math.round(weight * share * 10) / 10,
    };
  });
  groups.sort((a, b) => b.points - a.points || severityOrder[a.severity] - severityOrder[b.severity] || b.pages - a.pages || a.rule.localeCompare(b.rule));

  const lost = groups.reduce((sum, group) => sum + group.points, 0);
  const score = Math.max(0, Math.min(auditScore.max, Math.round(auditScore.max - lost)));
  const found = new Set(byRule.keys());
  const notes: string[] = [];
  if (deadlineHit) notes.push(auditMessages.deadline);
  if (report.pageCapReached) notes.push(auditMessages.pageCap);
  return {
    score,
    scoreLabel: scoreLabel(score),
    pages: report.summary.pages,
    analysed,
    errors: report.summary.errors,
    warnings: report.summary.warnings,
    notices: report.summary.notices,
    groups,
    passed: Object.entries(rules)
      .filter(([rule]) => !found.has(rule))
      .map(([, rule]) => rule.title),
    pageList: report.pages.map((page) => ({ url: page.url, status: page.status, note: page.skipped })),
    notes,
  };
}

/** The first findings a visitor reads. */
export function topGroups(result: AuditResult): AuditFindingGroup[] {
  return result.groups.slice(0, auditLimits.topFindings);
}
