/**
 * Site checks run from the admin: in the background of this server process, with progress and a heartbeat in the
 * database (so any process can show it), cancellable through a flag any process can set, and the finished report
 * stored with its summary. A run whose heartbeat stops (its process ended) reads as interrupted.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { SiteCheckDetail, SiteCheckFinding, SiteCheckPage, SiteCheckRun } from '~/lib/admin-types';
import type { Db } from '../../db';
import type { SiteCheckRunTable } from '../../db/schema';
import { type AddressPolicy, guardFor, RefusedAddress } from './address-guard.mjs';
import { type CheckReport, checkSite, SiteCheckError, startUrlFrom } from './checker.mjs';
import { errorField, log } from '../../platform/log.mjs';
import { HttpError, invalidFields } from '../../api/http-error';
import { plural } from '~/lib/plural.mjs';

const heartbeatMs = 2000;
/** A running run without a heartbeat for this long belongs to a process that has gone. */
const staleMs = 30_000;
export const listedRuns = 10;
const siteCheckBusyText = 'A check is already running. Wait for it to finish, or cancel it.';
const notRunningText = 'That run is not running any more.';

export interface SiteCheckService {
  /** Starts a run and returns its id; an address that cannot be checked, or a run already going, is an HttpError. */
  start(input: string, maxPages: number): Promise<string>;
  /** Asks a running run to stop; one that is not running is an HttpError (409). */
  cancel(id: string): Promise<void>;
  /** The run in progress in this process (tests wait for it). */
  current(): Promise<void> | null;
  stop(): Promise<void>;
}

function toRun(row: Selectable<SiteCheckRunTable>, now = Date.now()): SiteCheckRun {
  const stale = row.status === 'running' && now - row.updated_at > staleMs;
  return {
    id: row.id,
    site: row.site,
    startUrl: row.start_url,
    maxPages: row.max_pages,
    status: stale ? 'interrupted' : (row.status as SiteCheckRun['status']),
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    phase: row.phase as SiteCheckRun['phase'],
    progress: { done: row.progress_done, total: row.progress_total },
    summary:
      row.pages === null
        ? null
        : { pages: row.pages, errors: row.errors ?? 0, warnings: row.warnings ?? 0, notices: row.notices ?? 0, passed: row.passed ?? 0 },
    message: stale ? 'The server stopped while this run was in progress.' : row.message,
  };
}

export async function listRuns(db: Db): Promise<SiteCheckRun[]> {
  const rows = await db.selectFrom('site_check_runs').selectAll().orderBy('created_at', 'desc').limit(listedRuns).execute();
  return rows.map((row) => toRun(row));
}

/** The pages a report read and analysed (not skipped, not failed). */
function pagesChecked(report: CheckReport): Set<string> {
  return new Set(report.pages.filter((page) => page.skipped === null && page.status !== null && page.status < 400).map((page) => page.url));
}

/**
 * What is new and what was fixed between two reports, counting only pages both of them checked: a page the earlier
 * run reached and the later did not (or the other way round) has not been fixed (or broken), just not compared.
 * Site-wide findings are always compared.
 */
export function compareReports(before: CheckReport, now: CheckReport): { pagesCompared: number; newKeys: string[]; fixed: SiteCheckFinding[] } {
  const both = pagesChecked(before);
  const nowChecked = pagesChecked(now);
  for (const url of both) if (!nowChecked.has(url)) both.delete(url);
  const comparable = (finding: { url: string | null }) => finding.url === null || both.has(finding.url);
  const beforeKeys = new Set(before.findings.map((f) => f.key));
  const nowKeys = new Set(now.findings.map((f) => f.key));
  return {
    pagesCompared: both.size,
    newKeys: now.findings.filter((f) => comparable(f) && !beforeKeys.has(f.key)).map((f) => f.key),
    fixed: before.findings.filter((f) => comparable(f) && !nowKeys.has(f.key)) as SiteCheckFinding[],
  };
}

export async function getRun(db: Db, id: string): Promise<{ run: SiteCheckDetail; report: CheckReport | null } | null> {
  const row = await db.selectFrom('site_check_runs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return null;
  const report = row.report ? (JSON.parse(row.report) as CheckReport) : null;
  let comparison: SiteCheckDetail['comparison'] = null;
  if (report) {
    // Like with like: the previous finished run from the same start address with the same page limit.
    const previous = await db
      .selectFrom('site_check_runs')
      .select(['id', 'created_at', 'report'])
      .where('site', '=', row.site)
      .where('start_url', '=', row.start_url)
      .where('max_pages', '=', row.max_pages)
      .where('status', '=', 'done')
      .where('created_at', '<', row.created_at)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (previous?.report)
      comparison = { previousId: previous.id, previousAt: previous.created_at, ...compareReports(JSON.parse(previous.report) as CheckReport, report) };
  }
  return {
    run: {
      ...toRun(row),
      pages: (report?.pages ?? []).map((page): SiteCheckPage => ({
        url: page.url,
        status: page.status,
        title: page.title,
        jsonLdTypes: page.jsonLdTypes,
        htmlBytes: page.htmlBytes,
        scriptBytes: page.scriptBytes,
        skipped: page.skipped,
      })),
      findings: (report?.findings ?? []) as SiteCheckFinding[],
      comparison,
    },
    report,
  };
}

export function createSiteCheckService(
  db: Db,
  { userAgent, addressPolicy, timeoutMs }: { userAgent: string; addressPolicy: AddressPolicy; timeoutMs: number },
): SiteCheckService {
  const controllers = new Map<string, AbortController>();
  let running: Promise<void> | null = null;

  async function run(id: string, url: string, maxPages: number, controller: AbortController) {
    let progress = { phase: 'pages', done: 0, total: 0 };
    let written = 0;
    const beat = async () => {
      written = Date.now();
      await db
        .updateTable('site_check_runs')
        .set({ updated_at: written, phase: progress.phase, progress_done: progress.done, progress_total: progress.total })
        .where('id', '=', id)
        .execute();
      const row = await db.selectFrom('site_check_runs').select('cancel_requested').where('id', '=', id).executeTakeFirst();
      if (row && Number(row.cancel_requested) === 1) controller.abort();
    };
    const heartbeat = setInterval(() => void beat().catch(() => {}), heartbeatMs);
    try {
      const report = await checkSite(url, {
        maxPages,
        userAgent,
        addressPolicy,
        timeoutMs,
        signal: controller.signal,
        onProgress: (next) => {
          progress = next;
          if (Date.now() - written > 500) void beat().catch(() => {});
        },
      });
      const { summary } = report;
      await db
        .updateTable('site_check_runs')
        .set({
          status: report.cancelled ? 'cancelled' : 'done',
          updated_at: Date.now(),
          finished_at: report.finishedAt,
          phase: progress.phase,
          progress_done: progress.done,
          progress_total: progress.total,
          pages: summary.pages,
          errors: summary.errors,
          warnings: summary.warnings,
          notices: summary.notices,
          passed: summary.passed,
          message: report.cancelled
            ? 'Cancelled: the report covers the pages checked before.'
            : report.pageCapReached
              ? `Stopped at the limit of ${plural(maxPages, 'page')}.`
              : null,
          report: JSON.stringify(report),
        })
        .where('id', '=', id)
        .execute();
    } catch (error) {
      if (controller.signal.aborted) {
        // Cancelled before the crawl began (while robots.txt or the sitemap were being read): nothing to report.
        await db
          .updateTable('site_check_runs')
          .set({ status: 'cancelled', updated_at: Date.now(), finished_at: Date.now(), message: 'Cancelled before any page was checked.' })
          .where('id', '=', id)
          .execute();
        return;
      }
      const message = error instanceof SiteCheckError ? error.message : `The run failed: ${error instanceof Error ? error.message : String(error)}`;
      if (!(error instanceof SiteCheckError)) log.error(errorField(error), '[sitecheck] run failed');
      await db
        .updateTable('site_check_runs')
        .set({ status: 'failed', updated_at: Date.now(), finished_at: Date.now(), message })
        .where('id', '=', id)
        .execute();
    } finally {
      clearInterval(heartbeat);
      controllers.delete(id);
    }
  }

  return {
    async start(input, maxPages) {
      let url: URL;
      try {
        url = startUrlFrom(input);
        // An address written as an IP is refused at once; a name is judged when it is resolved, at each connection.
        guardFor(url, addressPolicy);
      } catch (error) {
        if (error instanceof SiteCheckError) throw invalidFields({ url: error.message });
        if (error instanceof RefusedAddress) throw invalidFields({ url: `${error.message}.` });
        throw error;
      }
      if (running) throw new HttpError(409, siteCheckBusyText);
      const id = randomUUID();
      const now = Date.now();
      await db
        .insertInto('site_check_runs')
        .values({ id, site: url.origin, start_url: url.href, max_pages: maxPages, status: 'running', created_at: now, updated_at: now, phase: 'pages' })
        .execute();
      const controller = new AbortController();
      controllers.set(id, controller);
      running = run(id, url.href, maxPages, controller).finally(() => {
        running = null;
      });
      return id;
    },
    async cancel(id) {
      const result = await db
        .updateTable('site_check_runs')
        .set({ cancel_requested: 1 })
        .where('id', '=', id)
        .where('status', '=', 'running')
        .executeTakeFirst();
      controllers.get(id)?.abort();
      if (Number(result.numUpdatedRows) === 0) throw new HttpError(409, notRunningText);
    },
    current: () => running,
    async stop() {
      for (const controller of controllers.values()) controller.abort();
      await running;
    },
  };
}
