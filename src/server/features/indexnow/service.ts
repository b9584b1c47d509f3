/**
 * IndexNow inside the server process: a run on start, runs the owner asks for, and a stop on shutdown that ends a
 * run's waiting at once (so its lease is released rather than left to expire).
 */
import type { Db } from '../../db';
import { type IndexNowSettings, type IndexNowTrigger, type RunSummary, runIndexNow, sitemapPaths } from './indexnow.mjs';

export interface IndexNowService {
  /** Starts a run in the background; false when one is already running in this process. */
  start(trigger: IndexNowTrigger, urls?: string[]): boolean;
  /** The run in progress in this process, if any (tests and shutdown wait for it). */
  current(): Promise<RunSummary> | null;
  stop(): Promise<void>;
  /** The paths of the built sitemap: the pages that may be submitted. */
  pagePaths(): Promise<string[]>;
}

export function createIndexNowService(deps: { db: Db; clientDir: string; siteUrl: string; indexNow: IndexNowSettings }): IndexNowService {
  const controller = new AbortController();
  let running: Promise<RunSummary> | null = null;
  // The build does not change while the process runs: read once.
  let paths: Promise<string[]> | null = null;
  return {
    start(trigger, urls) {
      if (running || controller.signal.aborted) return false;
      running = runIndexNow({ ...deps, signal: controller.signal }, { trigger, urls })
        .then((summary) => {
          if (summary.outcome !== 'nothing' && summary.outcome !== 'off') console.log(`[indexnow] ${summary.outcome}: ${summary.message}`);
          return summary;
        })
        .catch((error: unknown) => {
          console.error('[indexnow] run failed:', error);
          throw error;
        })
        .finally(() => {
          running = null;
        });
      // The caller does not wait; failures are logged above.
      running.catch(() => {});
      return true;
    },
    current: () => running,
    pagePaths() {
      paths ??= sitemapPaths(deps.clientDir).catch((error: unknown) => {
        paths = null;
        throw error;
      });
      return paths;
    },
    async stop() {
      controller.abort();
      await running?.catch(() => {});
    },
  };
}
