// A crawl in a worker thread: the site checker parses every page it reads, which is work on the CPU; done here, it
// never holds up the main thread's event loop, so this site's own pages answer as fast while clients' sites are
// crawled. Plain JavaScript so the thread loads it as it is, without the server's bundle.
import { parentPort, workerData } from 'node:worker_threads';
import { checkSite, SiteCheckError } from '../sitecheck/checker.mjs';

try {
  const report = await checkSite(workerData.url, workerData.options);
  parentPort?.postMessage({ report });
} catch (error) {
  parentPort?.postMessage({
    failure: error instanceof Error ? error.message : String(error),
    siteCheckError: error instanceof SiteCheckError,
  });
}
