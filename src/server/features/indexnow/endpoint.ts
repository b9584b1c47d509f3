/**
 * The admin's IndexNow actions: start a run in the background and answer at once (the page polls the overview), and
 * the owner's switch.
 */
import { settings } from '~/config/settings.mjs';
import { indexNowSwitchText } from '~/config/admin';
import { HttpError } from '../../api/http-error';
import type { Db } from '../../db';
import type { IndexNowService } from './service';
import { indexNowOffReason } from './eligibility.mjs';
import { currentIndexNowKey, switchIndexNow } from './key.mjs';
import { type IndexNowTrigger, indexNowRunning } from './run.mjs';
import { indexNowOverview } from './overview';
import type { IndexNowAnswer, IndexNowRunAnswer, IndexNowSwitchAnswer } from '~/lib/admin-types';

interface IndexNowDeps {
  db: Db;
  indexNow: IndexNowService;
}

export async function overviewAnswer(runtime: IndexNowDeps): Promise<IndexNowAnswer> {
  const { siteUrl, indexNow } = settings();
  return { ok: true, now: Date.now(), overview: await indexNowOverview(runtime.db, siteUrl, indexNow) };
}

/** Starts a run in the background; IndexNow off, or a run already going, is an HttpError (409). */
export async function startRun(runtime: IndexNowDeps, trigger: IndexNowTrigger, urls?: string[]): Promise<IndexNowRunAnswer> {
  const { siteUrl, indexNow } = settings();
  const off = indexNowOffReason(siteUrl, (await currentIndexNowKey(runtime.db, indexNow.key)).key);
  if (off) throw new HttpError(409, off);
  const requestedAt = Date.now();
  if ((await indexNowRunning(runtime.db)) || !runtime.indexNow.start(trigger, urls)) {
    throw new HttpError(409, 'A submission is already in progress. Its result will show here when it ends.');
  }
  return { ok: true, requestedAt };
}

/**
 * The owner switches IndexNow on or off (refused while INDEXNOW_KEY is set: the server's setting wins). Switched on,
 * the site's pages are submitted at once, as on a start; the answer says when, so the page can follow that run.
 */
export async function switchAnswer(runtime: IndexNowDeps, on: boolean): Promise<IndexNowSwitchAnswer> {
  const { siteUrl, indexNow } = settings();
  if (indexNow.key) throw new HttpError(409, indexNowSwitchText.server);
  await switchIndexNow(runtime.db, on);
  const requestedAt = Date.now();
  const started = on && !indexNowOffReason(siteUrl, (await currentIndexNowKey(runtime.db, undefined)).key) && runtime.indexNow.start('admin');
  const overview = await indexNowOverview(runtime.db, siteUrl, indexNow);
  return { ok: true, now: Date.now(), overview, requestedAt: started ? requestedAt : null };
}
