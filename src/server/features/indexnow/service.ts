/**
 * IndexNow inside the server process: a run on start, runs the owner asks for, and a stop on shutdown that ends a
 * run's waiting at once (so its lease is released rather than left to expire).
 */
import type { Db } from '../../db';
import { sitemapPaths } from '../../platform/site-pages.mjs';
import { type IndexNowSettings, type IndexNowTrigger, type RunSummary, runIndexNow } from './run.mjs';
import { errorField, log } from '../../platform/log.mjs';

export interface IndexNowService {
  /** Starts a run in the background; false when one is already running in this process. */
  start(trigger: IndexNowTrigger, urls?: string[]): boolean;
  /** The run in progress in this process, if any (tests and shutdown wait for it). */
  current(): Promise<RunSummary> | null;
  stop(): Promise<void>;
  /** The paths of the built sitemap: the pages that may be submitted. */
  pagePaths(): Promise<string[]>;
  /**
   * Submits these URLs of the site (an admin post published, changed or unpublished) as soon as no other run holds
   * the lease; retried while one does. Resolves with the run's summary.
   */
  submitUrls(urls: string[]): Promise<RunSummary>;
}

/** How long a post's submission waits for another run to end, between tries, and how many tries. */
const busyRetryMs = 2000;
const busyTries = 60;

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
          if (summary.outcome !== 'nothing' && summary.outcome !== 'off') log.info(`[indexnow] ${summary.outcome}: ${summary.message}`);
          return summary;
        })
        .catch((error: unknown) => {
          log.error(errorField(error), '[indexnow] run failed');
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
    async submitUrls(urls) {
      for (let tries = 0; ; tries++) {
        await running?.catch(() => {});
        if (controller.signal.aborted) return { outcome: 'stopped', message: 'The server is shutting down.', changed: 0, removed: 0, sent: 0, submissions: [] };
        if (!running) {
          running = runIndexNow({ ...deps, signal: controller.signal }, { trigger: 'post', urls }).finally(() => {
            running = null;
          });
          const summary = await running;
          if (summary.outcome !== 'busy' || tries >= busyTries) {
            if (summary.outcome !== 'off') log.info(`[indexnow] post: ${summary.outcome}: ${summary.message}`);
            return summary;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, busyRetryMs));
      }
    },
    async stop() {
      controller.abort();
      await running?.catch(() => {});
    },
  };
}
