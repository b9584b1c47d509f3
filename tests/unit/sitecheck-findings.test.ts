/** Findings that say where: which images lack alt text (by a short address), and the audit's details under their page. */
import { describe, expect, it } from 'vitest';
import { auditMessages } from '../../src/config/audit';
import { pageOf, readReport } from '../../src/server/features/audit/score';
import { analysePage } from '../../src/server/features/sitecheck/page.mjs';
import { shortAddress } from '../../src/server/features/sitecheck/urls.mjs';
import type { CheckReport } from '../../src/server/features/sitecheck/checker.mjs';
import { finding } from '../support/check-report';

const page = 'https://shop.example.co.uk/about/';

describe('images without alt text', () => {
  it('are each found by the address they load, lazy and srcset-only ones too', () => {
    const seen = analysePage(
      '<h1>x</h1><img src="/a.png" alt=""><img src="team.jpg"><img data-src="/lazy.webp"><img srcset="/small.jpg 1x, /big.jpg 2x"><img>',
      page,
    );
    expect(seen.imagesWithoutAlt).toEqual(['team.jpg', '/lazy.webp', '/small.jpg', '']);
  });

  it('are named by a short address: the path on the same site, the host elsewhere, no query, long ones cut in the middle', () => {
    expect(shortAddress('team.jpg?v=3', page)).toBe('/about/team.jpg');
    expect(shortAddress('https://cdn.example.net/img/logo.svg?w=200', page)).toBe('cdn.example.net/img/logo.svg');
    expect(shortAddress('data:image/png;base64,iVBORw0KGgo=', page)).toBe('inline image/png data');
    expect(shortAddress('', page)).toBe('(no address)');
    const long = shortAddress(`/assets/${'folder/'.repeat(12)}product-photo-final.webp`, page);
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toMatch(/^\/assets\/.*…\/product-photo-final\.webp$/);
  });
});

describe("the audit's findings", () => {
  const origin = 'https://shop.example.co.uk';
  const report = {
    startUrl: `${origin}/`,
    origin,
    startedAt: 0,
    finishedAt: 1,
    cancelled: false,
    pageCapReached: false,
    pages: [],
    findings: [
      finding(`${origin}/about`, 'img-alt-missing', '1 image has no alt attribute: /team.jpg.'),
      finding(`${origin}/shop?page=2`, 'img-alt-missing', '1 image has no alt attribute: /widget.png.'),
      finding(null, 'robots-missing', `${origin}/robots.txt answered 404.`),
    ],
    summary: { pages: 1, errors: 0, warnings: 2, notices: 1, passed: 0 },
  } as unknown as CheckReport;

  it('each name their page (its path on the site), site-wide ones none', () => {
    const result = readReport(report, { deadlineHit: false });
    expect(result.groups.find((group) => group.rule === 'img-alt-missing')!.details).toEqual([
      { page: '/about', text: '1 image has no alt attribute: /team.jpg.' },
      { page: '/shop?page=2', text: '1 image has no alt attribute: /widget.png.' },
    ]);
    expect(result.groups.find((group) => group.rule === 'robots-missing')!.details).toEqual([{ page: null, text: `${origin}/robots.txt answered 404.` }]);
    expect(pageOf('https://elsewhere.example/x', origin)).toBe('https://elsewhere.example/x');
  });

  it('are counted with the right plurals: 1 notice, 1 point off', () => {
    const result = readReport(report, { deadlineHit: false });
    expect(auditMessages.summary(result)).toBe('0 errors, 2 warnings and 1 notice on 1 page checked.');
    expect(auditMessages.summary({ errors: 1, warnings: 1, notices: 4, pages: 20 })).toBe('1 error, 1 warning and 4 notices on 20 pages checked.');
    expect(result.groups.find((group) => group.rule === 'robots-missing')!.points).toBe(1);
    expect(auditMessages.pointsOff(1)).toBe('1 point off');
    expect(auditMessages.pointsOff(2.5)).toBe('2.5 points off');
  });
});
