// @ts-check
// The site checker run off the server's event loop: in its child process (check-process.mjs) when the server has the
// file, else in this process (tests calling a check directly). The audit, the watch crawl and the availability check
// all come through here, with the limits of checkDefaults.
import { checkDefaults } from '../../../lib/sitecheck-rules.mjs';
import { ChildJobFailure, runInChild } from '../../platform/child-job.mjs';
import { checkSite, SiteCheckError } from './checker.mjs';
import { siteFilesSeen } from './site-files.mjs';

export { ChildJobFailure };

/** @typedef {import('./checker.mjs').CheckOptions} CheckOptions */
/** @typedef {import('./checker.mjs').CheckReport} CheckReport */
/** @typedef {import('./site-files.mjs').SiteFilesSeen} SiteFilesSeen */
/**
 * @typedef {{ kind: 'check', url: string, options: Omit<CheckOptions, 'signal' | 'onProgress'>, deadlineMs: number }
 *   | { kind: 'site-files', origin: string, options: Omit<CheckOptions, 'signal' | 'onProgress'> }} CheckJob
 */

/**
 * Past the run's own deadline, the child has this long to send what it read before it is killed: a page being parsed
 * at the deadline is finished first, which at the lowest priority on a busy machine takes seconds.
 */
const graceMs = 15_000;

/**
 * Checks the site at `url`: the run stops itself at `deadlineMs` (a report of what it read, `cancelled`); a child that
 * has not answered a little after is killed (ChildJobFailure 'deadline'), as is one past the memory ceiling ('memory')
 * or when `signal` aborts ('stopped'). An address that cannot be checked is a SiteCheckError, as in process.
 * @param {string | undefined} processFile check-process.mjs, or undefined to run here
 * @param {string} url
 * @param {Omit<CheckOptions, 'signal' | 'onProgress'>} options
 * @param {{ deadlineMs: number, signal?: AbortSignal, onProgress?: CheckOptions['onProgress'] }} run
 * @returns {Promise<CheckReport>}
 */
export async function checkSiteOffLoop(processFile, url, options, { deadlineMs, signal, onProgress }) {
  if (!processFile) {
    const timeUp = AbortSignal.timeout(deadlineMs);
    return checkSite(url, { ...options, onProgress, signal: signal ? AbortSignal.any([signal, timeUp]) : timeUp });
  }
  /** @type {{ report?: CheckReport, refused?: string }} */
  const answer = await runInChild(processFile, /** @satisfies {CheckJob} */ ({ kind: 'check', url, options, deadlineMs }), {
    deadlineMs: deadlineMs + graceMs,
    memoryMb: checkDefaults.memoryMb,
    signal,
    onProgress,
  });
  if (answer.refused !== undefined) throw new SiteCheckError(answer.refused);
  return /** @type {CheckReport} */ (answer.report);
}

/**
 * robots.txt and the sitemap of `origin`, read with the checker's budgets (the availability check), in the child
 * process when there is one.
 * @param {string | undefined} processFile
 * @param {string} origin
 * @param {Omit<CheckOptions, 'signal' | 'onProgress'>} options
 * @param {{ deadlineMs: number, signal?: AbortSignal }} run
 * @returns {Promise<SiteFilesSeen>}
 */
export async function siteFilesOffLoop(processFile, origin, options, { deadlineMs, signal }) {
  if (!processFile) return siteFilesSeen(origin, options);
  /** @type {{ files: SiteFilesSeen }} */
  const answer = await runInChild(processFile, /** @satisfies {CheckJob} */ ({ kind: 'site-files', origin, options }), {
    deadlineMs,
    memoryMb: checkDefaults.memoryMb,
    signal,
  });
  return answer.files;
}
