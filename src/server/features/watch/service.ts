/**
 * Watching inside the server process: the scheduler's two workers (the quick checks, and the crawls, which take
 * longer and must not hold the quick ones up), the webhook queue's delivery, and the dependencies the checks are
 * handed — built the same way for the server and for `npm run watch:run`.
 */
import { business } from '~/config/business';
import type { Settings } from '~/config/settings.mjs';
import { watchDefaults, watchPaths } from '~/config/watch';
import type { Db } from '../../db';
import { errorField, log } from '../../platform/log.mjs';
import type { OutboxTiming } from '../../platform/outbox';
import { startWorker, type Worker } from '../../platform/worker';
import { hostPort } from '../sitecheck';
import { changeLine } from './alerts';
import { deleteOldResults, runDueChecks, type WatchDeps } from './scheduler';
import { ensureOwnSite } from './sites';
import { deliverWebhooks } from './webhook';

/** How long a webhook receiver may take to answer one call. */
const webhookTimeoutMs = 10_000;

export function watchDepsFrom(db: Db, from: Settings, ownerEmail: string, signal?: AbortSignal, checkProcess?: string): WatchDeps {
  return {
    db,
    siteUrl: from.siteUrl,
    siteName: business.name,
    reach: {
      userAgent: `${business.name.replace(/\s+/g, '')}Watch/1.0 (site monitoring for the owner's clients; +${from.siteUrl}/)`,
      // This site's own address, and those listed for development; every other address must be public.
      addressPolicy: { allowPrivate: false, allowHosts: [hostPort(new URL(from.siteUrl)), ...from.siteCheckAllowHosts] },
      timeoutMs: from.siteCheckTimeoutMs,
      crawlMaxPages: watchDefaults.crawlMaxPages,
      crawlDeadlineMs: watchDefaults.crawlDeadlineMinutes * 60_000,
      checkProcess,
    },
    delivery: {
      ownerEmail,
      alertsLink: `${from.siteUrl}${watchPaths.alertsTab}`,
      quietHours: from.watch.quietHours,
      webhookUrl: from.watch.webhookUrl,
    },
    signal,
  };
}

export function deliverAlertWebhooks(db: Db, timing: OutboxTiming) {
  return deliverWebhooks(db, { ...timing, timeoutMs: webhookTimeoutMs });
}

export interface WatchService {
  deps: WatchDeps;
  /** Looks for due checks now (after a site is added or changed). */
  kick(): void;
  /** Sends what is due now (messages quiet hours held, released when they are cleared or changed). */
  deliverNow(): void;
  stop(): Promise<void>;
}

export function createWatchService(options: {
  db: Db;
  settings: Settings;
  ownerEmail: string;
  outbox: OutboxTiming & { pollMs: number };
  kickOutbox: () => void;
  /** sitecheck/check-process.mjs on disk: crawls and the reading of robots.txt and sitemaps then run in a child process. */
  checkProcess?: string;
}): WatchService {
  const controller = new AbortController();
  const deps: WatchDeps = {
    ...watchDepsFrom(options.db, options.settings, options.ownerEmail, controller.signal, options.checkProcess),
    kickOutbox: options.kickOutbox,
  };
  const report = (runs: Awaited<ReturnType<typeof runDueChecks>>) => {
    for (const run of runs) for (const change of run.changes) log.info(`[watch] ${changeLine(change)}`);
  };
  // This site is listed from the start, before the first look.
  void ensureOwnSite(options.db, deps.siteUrl, deps.siteName).catch((error: unknown) => log.error(errorField(error), '[watch] this site not listed'));
  const everyMs = options.settings.watch.everyMs;
  // Not at start: the first look comes one interval after it, so a restart does not crawl at once.
  const quick = startWorker(
    'watch',
    async () => {
      report(await runDueChecks(deps, { lane: 'quick' }));
      await deleteOldResults(options.db);
    },
    { everyMs, firstRunAfterMs: everyMs },
  );
  const crawls = startWorker('watch-crawl', async () => report(await runDueChecks(deps, { lane: 'crawl' })), { everyMs, firstRunAfterMs: everyMs });
  const webhooks: Worker | null = options.settings.watch.webhookUrl
    ? startWorker('alert-webhook', () => deliverAlertWebhooks(options.db, options.outbox), { everyMs: options.outbox.pollMs })
    : null;
  return {
    deps,
    kick() {
      void quick.kick().catch((error: unknown) => log.error(errorField(error), '[watch] pass failed'));
      void crawls.kick().catch((error: unknown) => log.error(errorField(error), '[watch] pass failed'));
    },
    deliverNow() {
      options.kickOutbox();
      void webhooks?.kick().catch((error: unknown) => log.error(errorField(error), '[watch] webhook delivery failed'));
    },
    async stop() {
      controller.abort();
      await Promise.all([quick.stop(), crawls.stop(), webhooks?.stop()]);
    },
  };
}
