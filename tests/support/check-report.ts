/** Pieces of a site checker's report for the audit's unit tests: a page seen fine, and a finding of a rule. */
import { rules } from '../../src/lib/sitecheck-rules.mjs';

/** A page that answered 200 and says what it should. */
export const pageReport = (url: string) => ({
  url,
  status: 200,
  redirects: [],
  title: 'T',
  description: 'D',
  canonical: url,
  jsonLdTypes: [],
  noindex: false,
  inSitemap: true,
  htmlBytes: 1000,
  scriptBytes: 0,
  skipped: null,
});

/** A finding of `rule` on `url` (null: site-wide), with the rule's own severity and fix. */
export const finding = (url: string | null, rule: keyof typeof rules, message = `${rule} on ${url}`) => ({
  url,
  rule,
  severity: rules[rule]!.severity,
  message,
  fix: rules[rule]!.fix,
  key: `${rule}|${url}`,
});
