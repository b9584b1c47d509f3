/** What the admin shows of IndexNow: whether it is on (and who switched it), the last run and the last 50 submissions. */
import type { IndexNowOverview, IndexNowSubmission } from '~/lib/admin-types';
import type { Db } from '../../db';
import { indexNowOffKind, keyFilePath } from './eligibility.mjs';
import { currentIndexNowKey } from './key.mjs';
import { type IndexNowSettings, indexNowRunning } from './run.mjs';

export const shownSubmissions = 50;
const shownUrlsPerSubmission = 20;

export async function indexNowOverview(db: Db, siteUrl: string, indexNow: IndexNowSettings): Promise<IndexNowOverview> {
  const [current, running, tracked, lastRun, submissions] = await Promise.all([
    currentIndexNowKey(db, indexNow.key),
    indexNowRunning(db),
    db
      .selectFrom('indexnow_pages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('content_hash', 'is not', null)
      .executeTakeFirstOrThrow(),
    db.selectFrom('indexnow_runs').selectAll().orderBy('started_at', 'desc').limit(1).executeTakeFirst(),
    db.selectFrom('indexnow_submissions').selectAll().orderBy('created_at', 'desc').limit(shownSubmissions).execute(),
  ]);
  return {
    off: indexNowOffKind(siteUrl, current.key),
    switchedBy: current.source,
    keyLocation: current.key ? siteUrl + keyFilePath(current.key) : null,
    endpointHost: new URL(indexNow.endpoint).host,
    siteOrigin: siteUrl,
    running,
    trackedPages: Number(tracked.count),
    lastRun: lastRun
      ? {
          startedAt: lastRun.started_at,
          finishedAt: lastRun.finished_at,
          trigger: lastRun.trigger,
          changed: lastRun.changed,
          removed: lastRun.removed,
          sent: lastRun.sent,
          outcome: lastRun.outcome,
          message: lastRun.message,
        }
      : null,
    submissions: submissions.map((row): IndexNowSubmission => ({
      id: row.id,
      at: row.created_at,
      trigger: row.trigger,
      urlCount: row.url_count,
      urls: (JSON.parse(row.urls) as string[]).slice(0, shownUrlsPerSubmission),
      status: row.status,
      outcome: row.outcome as IndexNowSubmission['outcome'],
      message: row.message,
      attempts: row.attempts,
    })),
  };
}
