/** The admin's IndexNow actions: start a run in the background and answer at once; the page polls the overview. */
import { settings } from '~/config/settings.mjs';
import { jsonAnswer } from '../../api/caller';
import type { Db } from '../../db';
import type { IndexNowService } from './service';
import { indexNowOffReason } from './eligibility.mjs';
import { type IndexNowTrigger, indexNowRunning } from './run.mjs';
import { indexNowOverview } from './overview';
import type { IndexNowAnswer } from '~/lib/admin-types';

interface IndexNowDeps {
  db: Db;
  indexNow: IndexNowService;
}

export async function overviewAnswer(runtime: IndexNowDeps): Promise<Response> {
  const { siteUrl, indexNow } = settings();
  return jsonAnswer(200, { ok: true, now: Date.now(), overview: await indexNowOverview(runtime.db, siteUrl, indexNow) } satisfies IndexNowAnswer);
}

export async function startRun(runtime: IndexNowDeps, trigger: IndexNowTrigger, urls?: string[]): Promise<Response> {
  const { siteUrl, indexNow } = settings();
  const off = indexNowOffReason(siteUrl, indexNow.key);
  if (off) return jsonAnswer(409, { ok: false, error: off });
  const requestedAt = Date.now();
  if ((await indexNowRunning(runtime.db)) || !runtime.indexNow.start(trigger, urls)) {
    return jsonAnswer(409, { ok: false, error: 'A submission is already in progress. Its result will show here when it ends.' });
  }
  return jsonAnswer(202, { ok: true, requestedAt });
}
