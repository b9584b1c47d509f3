/** The W3C's Nu HTML Checker (vnu) over HTML files: their errors, less the CSS messages the checker is known to get wrong. */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

/**
 * The checker also runs the W3C CSS validator over each page's inline stylesheet, which predates some CSS the site's
 * Tailwind 4 stylesheet uses on purpose. Exactly these messages are set aside; any other CSS message still fails:
 */
export const cssTheCheckerDoesNotKnow = [
  // Registered custom properties (CSS Properties and Values API; Baseline since 2024).
  /^CSS: Unrecognized at-rule “@property”\.?$/,
  // Transitions of registered custom properties, such as --tw-gradient-from (valid where @property is).
  /^CSS: “transition-property”: “--tw-[a-z-]+” is not a “transition-property” value\.?$/,
  // Tailwind's feature query for browsers without `margin-trim` (CSS Box Model 4): it names the property to test for it.
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\.?$/,
  // Container queries (CSS Containment 3; Baseline since 2023): the header reflows by its own width and the text size.
  /^CSS: Unrecognized at-rule “@container”\.?$/,
  /^CSS: “container(-type|-name)?”: Property “container(-type|-name)?” doesn't exist\.?$/,
  // Anchor positioning (the accessibility button sits just above the phone bar): the bar's anchor-name, and the
  // launcher's `bottom: calc(anchor(…) + 1rem)`, which the checker cannot parse (a plain length precedes it as fallback).
  /^CSS: “anchor-name”: Property “anchor-name” doesn't exist\.?$/,
  /^CSS: “bottom”: Parse Error\.?$/,
];

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

export interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
}

/** Every message vnu reports on these files (it needs Java; without it this throws, it does not skip). */
export async function vnuMessages(files: string[]): Promise<VnuMessage[]> {
  // vnu exits 1 when it reports anything; the JSON report on stderr is what counts.
  const { stderr } = await promisify(execFile)('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stderr?: string; code?: number | string }) => {
    if (error.code === 'ENOENT') throw new Error('Java is needed for the W3C checker (Debian: apt-get install default-jre-headless).');
    return { stderr: error.stderr ?? '' };
  });
  return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
}

/** The errors that count. */
export const vnuErrors = (messages: VnuMessage[]) =>
  messages.filter((m) => m.type === 'error' || m.type === 'non-document-error').filter((m) => !cssTheCheckerDoesNotKnow.some((known) => known.test(m.message)));
