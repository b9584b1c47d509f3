/**
 * Search data inside the server process: a sync shortly after start and then once a day (under the sync's lease, so
 * with several instances one syncs), one the owner asks for, and a stop on shutdown that ends a run's waiting at once.
 */
import type { Db } from '../../db';
import type { Settings } from '~/config/settings.mjs';
import { errorField, log } from '../../platform/log.mjs';
import { startWorker, type Worker } from '../../platform/worker';
import { yieldImportToApi } from './import.mjs';
import { notSetUp, runSearchSync, type SyncSummary } from './sync.mjs';

export const searchSchedule = {
  /** The first sync after start waits this long, so start-up is not slowed. */
  firstRunDelayMs: 60_000,
  everyMs: 24 * 60 * 60_000,
};

export interface SearchService {
  /** Starts a sync in the background (of every site, or of these); false when one is already running in this process. */
  start(siteIds?: string[]): boolean;
  /**
   * A client's site just added, or its property just changed: its first sync now rather than at the next daily pass
   * (after the sync running now, if one is). Nothing when no source is set up.
   */
  syncSite(siteId: string): void;
  running(): boolean;
  current(): Promise<SyncSummary> | null;
  /** When the daily sync runs next; null when no source is set up or the schedule is off. */
  nextRunAt(): number | null;
  stop(): Promise<void>;
}

export function createSearchService(deps: { db: Db; siteUrl: string; search: Settings['search']; schedule: boolean }): SearchService {
  const controller = new AbortController();
  let running: Promise<SyncSummary> | null = null;
  let daily: Worker | null = null;
  /** Sites waiting for the sync running now to end. */
  const waiting = new Set<string>();
  const anySetUp = () => notSetUp('google', deps.search) === null || notSetUp('bing', deps.search) === null;

  const service: SearchService = {
    start(siteIds) {
      if (running || controller.signal.aborted) return false;
      running = runSearchSync({ db: deps.db, siteUrl: deps.siteUrl, search: deps.search, signal: controller.signal, siteIds })
        .then(async (summary) => {
          for (const source of summary.sources) if (source.state === 'ok') log.info(`[search] ${source.siteName} ${source.source}: ${source.message}`);
          // An imported export gives way on the days the API has now synced, so no day counts twice (docs/search.md).
          const yielded = await yieldImportToApi(deps.db);
          if (yielded > 0) log.info(`[search] the imported export gave way on ${yielded} days now synced from the Search Console API`);
          return summary;
        })
        .catch((error: unknown) => {
          log.error(errorField(error), '[search] sync failed');
          throw error;
        })
        .finally(() => {
          running = null;
          if (waiting.size > 0) {
            const next = [...waiting];
            waiting.clear();
            service.start(next);
          }
        });
      running.catch(() => {});
      return true;
    },
    syncSite(siteId) {
      if (!anySetUp()) return;
      if (!service.start([siteId])) waiting.add(siteId);
    },
    running: () => running !== null,
    current: () => running,
    nextRunAt: () => daily?.nextRunAt() ?? null,
    async stop() {
      controller.abort();
      await daily?.stop();
      await running?.catch(() => {});
    },
  };

  // The daily pass starts a sync, or waits for the one the owner started (never two); start() logs its failure.
  const pass = async () => {
    service.start();
    await running?.catch(() => {});
  };
  if (deps.schedule && anySetUp()) daily = startWorker('search', pass, { everyMs: searchSchedule.everyMs, firstRunAfterMs: searchSchedule.firstRunDelayMs });
  return service;
}
