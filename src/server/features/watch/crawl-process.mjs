// A crawl in a child process at the lowest CPU priority: the site checker parses every page it reads, which is work on
// the CPU; done here, it never holds up the server's event loop, and when the machine is busy the server's own pages
// come first. Plain JavaScript so the process loads it as it is, without the server's bundle. It is sent the site and
// the checker's options, answers with the report (or why there is none) and ends.
import { checkSite, SiteCheckError } from '../sitecheck/public.mjs';

process.once('message', async (/** @type {{ url: string, options: object }} */ { url, options }) => {
  /** @type {object} */
  let answer;
  try {
    answer = { report: await checkSite(url, options) };
  } catch (error) {
    answer = { failure: error instanceof Error ? error.message : String(error), siteCheckError: error instanceof SiteCheckError };
  }
  process.send?.(answer, () => process.disconnect());
});
