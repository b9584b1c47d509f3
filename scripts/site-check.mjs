#!/usr/bin/env node
// SEO site checks from the command line, the same checker as the admin's Testing tab:
//   npm run site:check -- URL [--max-pages N] [--json]
// Prints the findings as a table (or the whole report as JSON) and exits 1 when any error was found, 2 when the
// site could not be checked at all.
import { checkDefaults, checkSite, SiteCheckError } from '../src/server/sitecheck/checker.mjs';
import { severities } from '../src/lib/sitecheck-rules.mjs';

const args = process.argv.slice(2);
const usage = 'Usage: npm run site:check -- URL [--max-pages N] [--json]';
const json = args.includes('--json');
const maxAt = args.indexOf('--max-pages');
const maxPages = maxAt >= 0 ? Number(args[maxAt + 1]) : checkDefaults.maxPages;
const url = args.find((arg, index) => !arg.startsWith('--') && index !== maxAt + 1);
if (!url || !Number.isInteger(maxPages) || maxPages < 1) {
  console.error(usage);
  process.exit(2);
}

const stop = new AbortController();
process.on('SIGINT', () => stop.abort());
let report;
try {
  report = await checkSite(url, {
    maxPages,
    signal: stop.signal,
    onProgress: json
      ? undefined
      : ({ phase, done, total }) => process.stderr.write(`\r${phase === 'pages' ? 'Pages' : 'Links and files'}: ${done} of ${total}   `),
  });
} catch (error) {
  if (!(error instanceof SiteCheckError)) throw error;
  console.error(error.message);
  process.exit(2);
}
if (!json) process.stderr.write('\n');

if (json) console.log(JSON.stringify(report, null, 2));
else {
  const order = (/** @type {string} */ severity) => severities.indexOf(/** @type {never} */ (severity));
  const rows = [...report.findings]
    .sort((a, b) => order(a.severity) - order(b.severity) || (a.url ?? '').localeCompare(b.url ?? ''))
    .map((f) => ({ severity: f.severity, rule: f.rule, page: f.url ? f.url.replace(report.origin, '') || '/' : '(site)', finding: f.message }));
  if (rows.length > 0) console.table(rows);
  const { pages, errors, warnings, notices, passed } = report.summary;
  console.log(
    `${report.origin}: ${pages} pages, ${errors} errors, ${warnings} warnings, ${notices} notices, ${passed} passed${report.cancelled ? ' (cancelled)' : ''}${report.pageCapReached ? ` (stopped at ${maxPages} pages)` : ''}.`,
  );
}
process.exit(report.summary.errors > 0 ? 1 : 0);
