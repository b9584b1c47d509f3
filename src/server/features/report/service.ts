/**
 * Reports made, reviewed and sent. On the set day each month (reportSchedule.dayOfMonth, UK time) last month's report
 * of every site is prepared as a draft and the owner told by e-mail; it goes to the client when the owner approves it,
 * or at once for a site the owner chose to send automatically. One process prepares and sends at a time (a lease), a
 * monthly report exists once per (site, month) (a unique key), and a report is sent once (its `report_sends` row,
 * written in the transaction that queues the e-mail) — so nothing is sent twice across instances and restarts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { adminPaths } from '~/config/admin';
import { business } from '~/config/business';
import { reportLimits, reportMails, reportMessages, reportPaths, reportSchedule } from '~/config/report';
import type { ReportData, ReportPeriod, ReportSite } from '~/lib/report-types';
import type { Db } from '../../db';
import { HttpError } from '../../api/http-error';
import { lease } from '../../platform/lease.mjs';
import { errorField, log } from '../../platform/log.mjs';
import { enqueueMail } from '../../platform/outbox';
import { startWorker } from '../../platform/worker';
import { searchLagDays } from '~/config/search';
import { addDays, dayMs, dayOf } from '~/lib/days.mjs';
import { lastMonthOf, monthPeriod } from './period';
import { reportFileName, reportPdf } from './pdf';
import { type ReportSources, readSections } from './sources';
import { autoSendSites, insertReport, monthlyReportId, readReport, replaceDraftData, tokenHash } from './store';

export interface ReportDeps {
  db: Db;
  sources: ReportSources;
  /** The public origin, for the client's link and the owner's e-mail. */
  siteUrl: string;
  /** The owner's address (CONTACT_TO): told when a draft is ready. */
  ownerEmail: string;
  /** Ask the outbox to deliver now. */
  kickOutbox: () => void;
}

/** A report's figures, read now from every source. */
export async function buildReport(sources: ReportSources, site: ReportSite, period: ReportPeriod, now = Date.now()): Promise<ReportData> {
  const [sections, trends] = await Promise.all([readSections(sources, site, period, now), sources.trends(site, period, now)]);
  return { version: 1, site, period, generatedAt: now, sections, trends };
}

export async function siteOrGone(sources: ReportSources, key: string): Promise<ReportSite> {
  const site = await sources.site(key);
  if (!site) throw new HttpError(410, reportMessages.notFound);
  return site;
}

/**
 * Makes a report on demand: for a month, that month's report (made if missing; a draft's figures read again), for
 * any other span a new one. Returns its id.
 */
export async function makeReport(deps: ReportDeps, siteKey: string, period: ReportPeriod, now = Date.now()): Promise<string> {
  const site = await siteOrGone(deps.sources, siteKey);
  const data = await buildReport(deps.sources, site, period, now);
  const made = await insertReport(deps.db, data, now);
  if (made) return made;
  // Only a month's report can meet one made before (its site and month are unique): its draft is read again.
  const existing = (await monthlyReportId(deps.db, site.key, period.month!))!;
  await replaceDraftData(deps.db, existing, data, now);
  return existing;
}

/** Reads a draft's figures again (a sent report is kept as it was sent). */
export async function refreshReport(deps: ReportDeps, id: string, now = Date.now()): Promise<void> {
  const report = await readReport(deps.db, id);
  if (!report) throw new HttpError(404, reportMessages.notFound);
  if (report.status === 'sent') throw new HttpError(409, reportMessages.alreadySent);
  const site = await siteOrGone(deps.sources, report.data.site.key);
  await replaceDraftData(deps.db, id, await buildReport(deps.sources, site, report.data.period, now), now);
}

export type SendTrigger = 'approval' | 'auto';

/**
 * Sends a report to its client once: the PDF attached and a new read-only link, one e-mail to each of the site's
 * recipients, greeting its contact by name. The claim (a `report_sends` row keyed by the report), the link, the e-mails
 * in the outbox and the report marked sent are one transaction: a second process or a second click finds the claim and
 * sends nothing. Returns the recipients (comma-separated), or null when it was sent already.
 */
export async function sendReport(deps: ReportDeps, id: string, trigger: SendTrigger, now = Date.now()): Promise<string | null> {
  const report = await readReport(deps.db, id);
  if (!report) throw new HttpError(404, reportMessages.notFound);
  if (report.status === 'sent') return null;
  const site = await siteOrGone(deps.sources, report.data.site.key);
  if (site.recipients.length === 0) throw new HttpError(409, reportMessages.noRecipient);
  const recipient = site.recipients.join(', ');
  const token = randomBytes(32).toString('base64url');
  const link = new URL(reportPaths.shared(token), deps.siteUrl).href;
  const pdf = await reportPdf(report.data, report.summary, link);
  const mail = reportMails.toClient({
    contactName: site.contactName,
    siteName: site.name,
    periodLabel: report.data.period.label,
    link,
    linkDays: reportLimits.linkDays,
    ownerName: business.owner.name,
    businessName: business.name,
  });
  const sent = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('report_sends')
      .values({ report_id: id, recipient, mail_id: randomUUID(), trigger, created_at: now })
      .onConflict((conflict) => conflict.column('report_id').doNothing())
      .returning('mail_id')
      .executeTakeFirst();
    if (!claimed) return false;
    await trx
      .insertInto('report_links')
      .values({ token_hash: tokenHash(token), report_id: id, created_at: now, expires_at: now + reportLimits.linkDays * dayMs, revoked_at: null })
      .execute();
    // One message per address: each recipient gets it once, and one address refused does not hold back the others.
    const mailIds: string[] = [];
    for (const address of site.recipients) {
      mailIds.push(
        await enqueueMail(trx, {
          kind: 'client_report',
          recipient: address,
          replyTo: deps.ownerEmail,
          subject: mail.subject,
          body: mail.body,
          attachments: [{ filename: reportFileName(report.data), contentType: 'application/pdf', content: pdf }],
          now,
        }),
      );
    }
    await trx.updateTable('report_sends').set({ mail_id: mailIds[0]! }).where('report_id', '=', id).execute();
    await trx.updateTable('reports').set({ status: 'sent', sent_at: now, approved_at: now, recipient, updated_at: now }).where('id', '=', id).execute();
    if (trigger === 'auto') {
      const notice = reportMails.autoSent(site.name, report.data.period.label, recipient);
      await enqueueMail(trx, { kind: 'report_draft', recipient: deps.ownerEmail, subject: notice.subject, body: notice.body, now });
    }
    return true;
  });
  if (!sent) return null;
  deps.kickOutbox();
  log.info(`[report] ${report.data.site.name} ${report.data.period.label} sent to the client (${trigger})`);
  return recipient;
}

export interface ScheduleOutcome {
  month: string | null;
  prepared: string[];
  sent: string[];
  busy: boolean;
}

const scheduleLease = 'reports';

/**
 * One pass of the schedule: from the set day of a month on, last month's report of each site is made if missing (the
 * owner told once, by the process that made it) and, for a site sent automatically, sent if not yet. A site whose
 * search figures have not reached the month's last day waits (at most `searchLagDays` after it), so its draft holds
 * the whole month.
 */
export async function runReportSchedule(deps: ReportDeps, now = Date.now()): Promise<ScheduleOutcome> {
  const today = dayOf(now);
  if (Number(today.slice(8, 10)) < reportSchedule.dayOfMonth) return { month: null, prepared: [], sent: [], busy: false };
  const month = lastMonthOf(now);
  const holder = randomUUID();
  const runLease = lease(deps.db, scheduleLease, reportSchedule.leaseMs);
  if (!(await runLease.acquire(holder, now))) return { month, prepared: [], sent: [], busy: true };
  const outcome: ScheduleOutcome = { month, prepared: [], sent: [], busy: false };
  try {
    const [sites, automatic] = await Promise.all([deps.sources.sites(), autoSendSites(deps.db)]);
    const monthEnd = monthPeriod(month).to;
    // A month's search figures are whole once every source has reached its last day, or its lag has passed.
    const lagOver = today > addDays(monthEnd, searchLagDays);
    for (const site of sites) {
      // A client's site added after the month ended has no report of it (nor an e-mail about one).
      if (site.watchedSince !== null && dayOf(site.watchedSince) > monthEnd) continue;
      try {
        let id = await monthlyReportId(deps.db, site.key, month);
        if (!id && !lagOver) {
          const dataTo = await deps.sources.searchDataTo(site, today);
          if (dataTo !== null && dataTo < monthEnd) continue;
        }
        if (!id) {
          const data = await buildReport(deps.sources, site, monthPeriod(month), now);
          const auto = automatic.has(site.key) && site.recipients.length > 0;
          id = await deps.db.transaction().execute(async (trx) => {
            const made = await insertReport(trx, data, now);
            if (made && !auto) {
              const mail = reportMails.draftReady(site.name, data.period.label, new URL(adminPaths.tab('reports'), deps.siteUrl).href);
              await enqueueMail(trx, { kind: 'report_draft', recipient: deps.ownerEmail, subject: mail.subject, body: mail.body, now });
            }
            return made;
          });
          if (id) outcome.prepared.push(site.key);
          else id = await monthlyReportId(deps.db, site.key, month);
          deps.kickOutbox();
        }
        if (id && automatic.has(site.key) && site.recipients.length > 0) {
          if (await sendReport(deps, id, 'auto', now)) outcome.sent.push(site.key);
        }
        await runLease.renew(holder);
      } catch (error) {
        // One site's failure (its source down) leaves the others to go ahead; the next pass tries it again.
        log.error(errorField(error), `[report] ${site.name}: the monthly report could not be prepared`);
      }
    }
  } finally {
    await runLease.release(holder);
  }
  return outcome;
}

export interface ReportService {
  deps: ReportDeps;
  /** A pass of the schedule now (the owner's "Prepare now"); another process's pass in progress makes it `busy`. */
  runNow(): Promise<ScheduleOutcome>;
  stop(): Promise<void>;
}

/**
 * The schedule in the server: a pass `reportSchedule.firstPassAfterMs` after start, then every
 * `reportSchedule.checkEveryMs` (the month's reports wait for a pass, never for the set day itself; a restart does not
 * put the first pass off by a whole interval).
 */
export function startReportService(deps: ReportDeps): ReportService {
  const pass = async () => {
    const outcome = await runReportSchedule(deps);
    if (outcome.prepared.length || outcome.sent.length) log.info(`[report] ${outcome.month}: ${outcome.prepared.length} prepared, ${outcome.sent.length} sent`);
    return outcome;
  };
  const worker = startWorker('reports', pass, { everyMs: reportSchedule.checkEveryMs, firstRunAfterMs: reportSchedule.firstPassAfterMs });
  return { deps, runNow: pass, stop: () => worker.stop() };
}
