#!/usr/bin/env node
// SEO site checks from the command line, the same checker as the admin's Testing tab:
//   npm run site:check -- URL [--max-pages N] [--json]
// Prints the findings as a table (or the whole report as JSON) and exits 1 when any error was found, 2 when the
// site could not be checked at all.
import { parseArgs } from 'node:util';
import { settingsOrExit } from './cli.mjs';
import { anyAddress } from '../src/server/features/sitecheck/address-guard.mjs';
import { checkDefaults, checkSite, SiteCheckError } from '../src/server/features/sitecheck/checker.mjs';
import { severities } from '../src/lib/sitecheck-rules.mjs';
import { plural } from '../src/lib/plural.mjs';

const usage = 'Usage: npm run site:check -- URL [--max-pages N] [--json]';
/** @returns {{ url: string, maxPages: number, json: boolean }} */
function readArguments() {
  try {
    const { values, positionals } = parseArgs({
      options: { 'max-pages': { type: 'string' }, json: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    const maxPages = values['max-pages'] === undefined ? checkDefaults.maxPages : Number(values['max-pages']);
    const [url, ...rest] = positionals;
    if (url && rest.length === 0 && Number.isInteger(maxPages) && maxPages >= 1) return { url, maxPages, json: values.json };
  } catch {
    // an unknown option or a missing value: the usage below
  }
  console.error(usage);
  process.exit(2);
}
const { url, maxPages, json } = readArguments();

const stop = new AbortController();
process.on('SIGINT', () => stop.abort());
let report;
try {
  // The owner's own tool on their own machine: local and private addresses may be checked too.
  report = await checkSite(url, {
    maxPages,
    addressPolicy: anyAddress,
    timeoutMs: settingsOrExit().siteCheckTimeoutMs,
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
    `${report.origin}: ${plural(pages, 'page')}, ${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(notices, 'notice')}, ${passed} passed${report.cancelled ? ' (cancelled)' : ''}${report.pageCapReached ? ` (stopped at ${plural(maxPages, 'page')})` : ''}.`,
  );
}
process.exit(report.summary.errors > 0 ? 1 : 0);
