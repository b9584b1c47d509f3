/** The one html-validate set-up of the tests: the built pages' and the pages rendered on demand. */
import { HtmlValidate } from 'html-validate';

export const htmlValidator = new HtmlValidate({
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

/** The errors html-validate finds in a page, one line each. */
export async function htmlErrors(html: string, name: string): Promise<string[]> {
  const report = await htmlValidator.validateString(html, name);
  return report.results.flatMap((r) => r.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId} at ${m.line}:${m.column}: ${m.message}`));
}
