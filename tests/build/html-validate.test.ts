import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HtmlValidate, type Report } from 'html-validate';
import { describe, expect, it } from 'vitest';
import { builtFiles, clientDir } from '../support/built-site';

describe('built HTML', () => {
  it('exists (run "npm run build" first)', () => {
    expect(existsSync(clientDir)).toBe(true);
  });

  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: {
      // Astro and React emit these forms; they are valid HTML.
      'no-inline-style': 'off',
      'void-style': 'off',
      'attribute-boolean-style': 'off',
      'no-trailing-whitespace': 'off',
      // Long British-English copy legitimately contains these.
      'no-raw-characters': 'off',
      // HTML attribute names are case-insensitive; React writes some in camelCase (dateTime).
      'attr-case': 'off',
      // React writes boolean attributes such as hidden as hidden="", which is valid HTML.
      'attribute-empty-style': 'off',
      // HTML5 allows ids that start with a digit (Markdown heading slugs such as "1-…").
      'valid-id': ['error', { relaxed: true }],
    },
  });

  const files = existsSync(clientDir) ? builtFiles('.html') : [];
  it('has every page built', () => {
    expect(files.length).toBeGreaterThanOrEqual(36);
  });

  for (const file of files) {
    it(`${path.relative(clientDir, file)} has no html-validate errors`, async () => {
      const report: Report = await validator.validateString(readFileSync(file, 'utf8'), file);
      const errors = report.results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message}`));
      expect(errors).toEqual([]);
    });
  }
});
