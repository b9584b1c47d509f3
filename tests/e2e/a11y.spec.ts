import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectedRoutes } from './routes';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const paths = [...expectedRoutes.map((r) => r.path), '/no-such-page-here'];

for (const width of [390, 1280]) {
  test.describe(`axe at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });
    for (const path of paths) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await page.goto(path);
        const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
        const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(summary).toEqual([]);
      });
    }
  });
}
