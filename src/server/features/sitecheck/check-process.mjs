// @ts-check
// The site checker's child process (platform/child-job.mjs runs it at the lowest CPU priority, with a memory ceiling
// and a deadline): a whole check (the free audit, a watched site's crawl) or only robots.txt and the sitemap (the
// availability check). Everything a stranger's site serves is parsed here, never on the server's event loop. Plain
// JavaScript, so the process loads it as it is, without the server's bundle.
import { answerJob } from '../../platform/child-job.mjs';
import { checkSite, SiteCheckError } from './checker.mjs';
import { siteFilesSeen } from './site-files.mjs';

answerJob(async (/** @type {import('./offload.mjs').CheckJob} */ job, progress) => {
  try {
    if (job.kind === 'site-files') return { files: await siteFilesSeen(job.origin, job.options) };
    // The run's own deadline ends it with a report of what it read by then; the parent kills it a little later.
    const signal = AbortSignal.timeout(job.deadlineMs);
    return { report: await checkSite(job.url, { ...job.options, signal, onProgress: progress }) };
  } catch (error) {
    if (error instanceof SiteCheckError) return { refused: error.message };
    throw error;
  }
});
