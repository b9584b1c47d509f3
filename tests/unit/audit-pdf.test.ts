/** The audit's PDF: tagged for screen readers (headings, lists, links in reading order), every finding under its page. */
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { auditMessages } from '../../src/config/audit';
import type { AuditView } from '../../src/lib/audit-types';
import { auditPdf } from '../../src/server/features/audit/pdf';
import { readReport } from '../../src/server/features/audit/score';
import type { CheckReport } from '../../src/server/features/sitecheck/checker.mjs';
import { finding, pageReport } from '../support/check-report';
import { pdfInfo, pdfStructure } from '../support/pdf';

const origin = 'https://shop.example.co.uk';
const siteTitle = 'Cheap widgets and gadgets for every home, delivered free across the whole of the UK';
const pages = ['/', '/about', '/shop'].map((path) => pageReport(`${origin}${path}`));
const findings = [
  finding(`${origin}/about`, 'img-alt-missing', '1 image has no alt attribute: /images/team.jpg.'),
  finding(`${origin}/shop`, 'img-alt-missing', '1 image has no alt attribute: /images/widget.png.'),
  finding(`${origin}/shop`, 'description-length', 'The meta description has 6 characters.'),
  finding(`${origin}/`, 'title-too-long', `The title has 84 characters: "${siteTitle}".`),
  finding(null, 'robots-missing', `${origin}/robots.txt answered 404.`),
];
const report = {
  startUrl: `${origin}/`,
  origin,
  startedAt: 0,
  finishedAt: 1,
  cancelled: false,
  pageCapReached: false,
  pages,
  findings,
  summary: { pages: 3, errors: 0, warnings: 4, notices: 1, passed: 0 },
} as CheckReport;
const result = readReport(report, { deadlineHit: false });
const view: AuditView = {
  id: 'a'.repeat(32),
  site: origin,
  startUrl: `${origin}/`,
  createdAt: Date.UTC(2026, 10, 20),
  finishedAt: Date.UTC(2026, 10, 20),
  progress: { status: 'done', phase: 'links', done: 3, total: 3, position: null, text: '' },
  message: null,
  result,
};
const pdf = await auditPdf(view, `https://www.hale-digital.example/free-seo-audit/results/${view.id}`);
if (process.env.AUDIT_PDF_OUT) writeFileSync(process.env.AUDIT_PDF_OUT, pdf);

describe('the audit report PDF', () => {
  it('is tagged, in British English, with its title shown', () => {
    const info = pdfInfo(pdf);
    expect(info).toMatchObject({ Tagged: 'yes', Title: `SEO audit of ${new URL(origin).host}`, 'PDF version': '1.7' });
    expect(Buffer.from(pdf).toString('latin1')).toContain('/Lang (en-GB)');
  });

  it('has its headings, lists and links in the structure tree, the page decoration left out', () => {
    const tree = pdfStructure(pdf);
    const of = (type: string) => tree.filter((element) => element.type === type).map((element) => element.text);
    expect(tree[0]!.type).toBe('Document');
    expect(of('H1')).toEqual(['SEO audit of shop.example.co.uk']);
    expect(of('H2')).toEqual(['What to fix, most important first', 'What passed', 'Want these fixed?']);
    expect(of('H3')).toEqual(result.groups.map((group, index) => `${index + 1}. ${group.title}`));
    expect(of('L')).toHaveLength(result.groups.length);
    expect(of('LI')).toHaveLength(findings.length);
    expect(new Set(of('Lbl'))).toEqual(new Set(['•']));
    expect(of('Link')).toEqual(['Hale Digital', 'Book a 15-minute call', 'your audit']);
    expect(tree.some((element) => element.text.includes('Page 1 of'))).toBe(false);
  });

  it('names the page of every finding, and the image', () => {
    const bodies = pdfStructure(pdf)
      .filter((element) => element.type === 'LBody')
      .map((element) => element.text);
    expect(bodies).toContain('/about: 1 image has no alt attribute: /images/team.jpg.');
    expect(bodies).toContain('/shop: 1 image has no alt attribute: /images/widget.png.');
    expect(bodies).toContain('/shop: The meta description has 6 characters.');
  });

  it('quotes what the audited site wrote, and never links it', () => {
    const tree = pdfStructure(pdf);
    // The site's title appears once, inside quotation marks, in a finding's body: never a heading, a sentence of the
    // report's own or a link.
    const holding = tree.filter((element) => element.text.includes(siteTitle));
    expect(holding).toEqual([{ type: 'LBody', text: `/: The title has 84 characters: "${siteTitle}".` }]);
    const links = [
      ...Buffer.from(pdf)
        .toString('latin1')
        .matchAll(/\/URI \(([^)]*)\)/g),
    ].map((m) => m[1]);
    expect(links.every((link) => link!.startsWith('https://www.hale-digital.example/'))).toBe(true);
  });

  it('counts with the right plurals: 1 notice, 1 point off', () => {
    const texts = pdfStructure(pdf).map((element) => element.text);
    expect(texts).toContain(auditMessages.summary(result));
    expect(auditMessages.summary(result)).toContain('1 notice on 3 pages');
    const notice = result.groups.find((group) => group.rule === 'robots-missing')!;
    expect(notice.points).toBe(1);
    expect(texts).toContain(`Notice · site-wide · ${auditMessages.pointsOff(1)}`);
    expect(auditMessages.pointsOff(1)).toBe('1 point off');
  });
});
