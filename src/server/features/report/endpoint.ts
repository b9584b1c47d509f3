/**
 * What the admin's report endpoints do, the routes being thin: make a report, read one, write its summary (every
 * figure it states must be one the report shows), draft the summary with the AI model, approve and send it, make and
 * withdraw the client's links, and choose automatic sending per site. Refusals are HttpErrors.
 */
import { reportMessages, reportPaths } from '~/config/report';
import type { ReportLinkAnswer, ReportView } from '~/lib/report-types';
import { HttpError, invalidFields } from '../../api/http-error';
import type { AiSettings } from '../ai';
import { dayOf } from '~/lib/days.mjs';
import { monthPeriod, readDays, readMonth } from './period';
import { makeReport, type ReportDeps, sendReport, siteOrGone } from './service';
import { createLink, readReport, revokeLink, setAutoSend, updateDraftSites, writeSiteReportSettings, writeSummary } from './store';
import type { SiteSettingsForm } from '~/lib/report-forms';
import { draftSummary, summaryProblems } from './summary';

/** A report the owner may open: it exists and its site has not been erased. */
export async function openReport(deps: ReportDeps, id: string): Promise<ReportView> {
  const report = await readReport(deps.db, id);
  if (!report) throw new HttpError(404, reportMessages.notFound);
  await siteOrGone(deps.sources, report.data.site.key);
  return report;
}

/** A month's report (made, or its draft read again), or a new one for any span of days. */
export async function makeReportFromForm(
  deps: ReportDeps,
  form: { site: string; month: string } | { site: string; from: string; to: string },
  now = Date.now(),
): Promise<string> {
  let period;
  if ('month' in form) {
    const month = readMonth(form.month, now);
    if (!month) throw invalidFields({ month: reportMessages.badMonth });
    period = monthPeriod(month);
  } else {
    period = readDays(form.from, form.to);
    if (!period || period.to > dayOf(now)) throw invalidFields({ to: reportMessages.badPeriod });
  }
  if (!(await deps.sources.site(form.site))) throw invalidFields({ site: reportMessages.unknownSite });
  return makeReport(deps, form.site, period, now);
}

/** Saves the owner's summary; refused while it states a figure the report does not show. */
export async function saveSummary(deps: ReportDeps, id: string, summary: string): Promise<ReportView> {
  const report = await openReport(deps, id);
  if (report.status === 'sent') throw new HttpError(409, reportMessages.alreadySent);
  const problems = summaryProblems(summary, report.data);
  if (problems.length > 0) throw invalidFields({ summary: reportMessages.summaryFigures(problems) });
  if (!(await writeSummary(deps.db, id, summary.trim()))) throw new HttpError(409, reportMessages.alreadySent);
  return (await readReport(deps.db, id))!;
}

export async function draftReportSummary(deps: ReportDeps, id: string, ai: AiSettings, userId: string) {
  const report = await openReport(deps, id);
  if (report.status === 'sent') throw new HttpError(409, reportMessages.alreadySent);
  return draftSummary({ db: deps.db, ai, userId }, report.data);
}

/** The owner's approval: sent to the client at once (once), if its summary is grounded. */
export async function approveReport(deps: ReportDeps, id: string): Promise<string> {
  const report = await openReport(deps, id);
  if (report.status === 'sent') throw new HttpError(409, reportMessages.alreadySent);
  if (report.summaryProblems.length > 0) throw invalidFields({ summary: reportMessages.summaryFigures(report.summaryProblems) });
  const recipient = await sendReport(deps, id, 'approval');
  if (!recipient) throw new HttpError(409, reportMessages.alreadySent);
  return reportMessages.approvedQueued(recipient);
}

export async function newReportLink(deps: ReportDeps, id: string): Promise<ReportLinkAnswer> {
  await openReport(deps, id);
  const { token, link } = await createLink(deps.db, id);
  return { ok: true, url: new URL(reportPaths.shared(token), deps.siteUrl).href, link };
}

export async function withdrawReportLink(deps: ReportDeps, id: string, linkId: string): Promise<void> {
  await openReport(deps, id);
  if (!(await revokeLink(deps.db, id, linkId))) throw new HttpError(404, 'No such link, or it was withdrawn already.');
}

export async function chooseAutoSend(deps: ReportDeps, site: string, on: boolean): Promise<void> {
  if (!(await deps.sources.site(site))) throw invalidFields({ site: reportMessages.unknownSite });
  await setAutoSend(deps.db, site, on);
}

/** A site's contact, recipients and parts: stored, and laid over its drafts at once. */
export async function saveSiteSettings(deps: ReportDeps, form: SiteSettingsForm): Promise<string> {
  const before = await deps.sources.site(form.site);
  if (!before) throw invalidFields({ site: reportMessages.unknownSite });
  await writeSiteReportSettings(deps.db, form.site, { contactName: form.contactName, recipients: form.recipients, contents: form.contents });
  await updateDraftSites(deps.db, (await deps.sources.site(form.site))!);
  return reportMessages.settingsSaved(before.name);
}
