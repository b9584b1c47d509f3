/**
 * Starting a free audit (POST /api/audit) and asking for its report by e-mail (POST /api/audit/{id}/report), in a
 * fixed order: honeypot, minimum fill time, the client's hourly limit, the address (refused targets explained), then
 * the same site's recent result or a new audit in the queue.
 */
import { adminPaths } from '~/config/admin';
import { auditLimits, auditMessages, auditReportMail } from '~/config/audit';
import { business } from '~/config/business';
import { paths } from '~/config/paths';
import { honeypotField, validateContact } from '~/lib/contact';
import type { Db, DbKind } from '../../db';
import { hashClient, keyedHash } from '../../platform/client-hash';
import { enqueueMail } from '../../platform/outbox';
import { giveBack as giveBackHit, limit, type LimitRefusal, minutesOf, peekLimit } from '../../platform/limit';
import { errorField, log } from '../../platform/log.mjs';
import { acceptSubmission } from '../contact';
import { recordSecurityEvent } from '../security';
import { type AddressPolicy, guardFor, RefusedAddress } from '../sitecheck';
import { SiteCheckError, startUrlFrom } from '../sitecheck';
import { clientLimit, recipientLimit } from './limits';
import { auditPdf } from './pdf';
import { claimReportKey, issueReportKey, releaseReportKey, reportKeyState } from './report-key';
import { domainOf, recentAudit } from './queries';
import { auditRow, auditView, type AuditService, AuditQueueFull } from './service';
import { plural } from '~/lib/plural.mjs';

/** What the audit endpoints need (the runtime has all of it). */
export interface AuditDeps {
  db: Db;
  kind: DbKind;
  clientHashSecret: string;
  audits: AuditService;
  auditPolicy: AddressPolicy;
  siteUrl: string;
  contactTo: string;
  kickOutbox: () => void;
}

export type StartOutcome =
  /** `reportKey`: this browser's key to the audit's report by e-mail (for its cookie only). */
  | { ok: true; id: string; recentMinutes: number | null; reportKey: string }
  | { ok: false; status: number; error: string; url?: string; headers?: Record<string, string> };

/** Whether a host name resolves to an address the guard accepts; the refusal or a plain reason otherwise. */
function vetName(url: URL, policy: AddressPolicy): Promise<string | null> {
  const lookup = guardFor(url, policy);
  if (!lookup) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 5000);
    lookup(url.hostname, {}, (error: (Error & { code?: string }) | null) => {
      clearTimeout(timer);
      if (!error) return resolve(null);
      if (error instanceof RefusedAddress) return resolve(`${error.message}.`);
      if (error.code === 'ENOTFOUND') return resolve(`${url.hostname} does not resolve: check the address.`);
      // Anything else (a DNS server that is slow just now) is left to the audit itself, which reports it.
      resolve(null);
    });
  });
}

/** Who is asking: the resolved client address and their user agent. */
export interface AuditRequester {
  client: string;
  userAgent: string | null;
}

/** An audit from the form's fields (read by the route kit). */
export async function startAudit(deps: AuditDeps, fields: Record<string, string>, from: AuditRequester): Promise<StartOutcome> {
  const { client, userAgent } = from;
  const security = { db: deps.db, alertTo: deps.contactTo };
  const url = (fields.url ?? '').trim().slice(0, 2048);

  if ((fields[honeypotField] ?? '').trim() !== '') {
    await recordSecurityEvent(security, 'honeypot_triggered', 'free audit honeypot field was filled', userAgent);
    return { ok: false, status: 400, error: auditMessages.unavailable, url };
  }
  // The page's script says how long the form was open; a form posted without it (no JavaScript) is judged by the limits.
  const elapsed = fields.elapsed === undefined || fields.elapsed === '' ? null : Number(fields.elapsed);
  if (elapsed !== null && !(elapsed >= auditLimits.minFillMs)) {
    await recordSecurityEvent(security, 'suspicious_activity', `free audit form sent ${Math.round(elapsed || 0)} ms after it was shown`, userAgent);
    return { ok: false, status: 400, error: auditMessages.tooFast, url };
  }

  const clientHash = hashClient(client, deps.clientHashSecret);
  const now = Date.now();
  const tooMany = async (refusal: LimitRefusal): Promise<StartOutcome> => {
    const minutes = minutesOf(refusal.retryAfterSeconds);
    await recordSecurityEvent(security, 'rate_limit_exceeded', `free audit: blocked for ${minutes} min`, userAgent);
    return { ok: false, status: 429, error: auditMessages.tooMany(minutes), url, headers: { 'Retry-After': String(minutes * 60) } };
  };
  const before = await peekLimit(deps.db, clientLimit(clientHash, now));
  if (!before.allowed) return tooMany(before);

  let target: URL;
  try {
    target = startUrlFrom(url);
    guardFor(target, deps.auditPolicy);
  } catch (error) {
    if (error instanceof SiteCheckError) return { ok: false, status: 400, error: error.message, url };
    if (error instanceof RefusedAddress) return { ok: false, status: 400, error: `${error.message}.`, url };
    throw error;
  }
  const site = new URL(deps.siteUrl);
  if (target.host === site.host && (target.pathname.startsWith(adminPaths.home) || target.pathname.startsWith('/api/'))) {
    return { ok: false, status: 400, error: auditMessages.adminRefused, url };
  }
  const refusal = await vetName(target, deps.auditPolicy);
  if (refusal) return { ok: false, status: 400, error: refusal, url };

  // Taken before counting, then given back if over: two requests at once cannot both slip under the limit.
  const taken = await limit(deps.db, clientLimit(clientHash, now));
  if (!taken.allowed) return tooMany(taken);

  const domain = domainOf(target);
  const recent = await recentAudit(deps.db, domain, now - auditLimits.sameSiteMinutes * 60_000);
  // Shown a recent audit of the same site, this visitor gets a key of their own to its report: what they would have
  // had from their own audit, and the one who ran it keeps theirs.
  if (recent) {
    return { ok: true, id: recent.id, recentMinutes: Math.floor((now - recent.created_at) / 60_000), reportKey: await issueReportKey(deps.db, recent.id, now) };
  }
  try {
    const id = await deps.audits.enqueue(target, domain);
    return { ok: true, id, recentMinutes: null, reportKey: await issueReportKey(deps.db, id, now) };
  } catch (error) {
    await giveBackHit(deps.db, taken.hit);
    if (error instanceof AuditQueueFull) return { ok: false, status: 503, error: error.message, url, headers: { 'Retry-After': '120' } };
    throw error;
  }
}

export type ReportOutcome =
  /** `leadId`: the enquiry stored (none for the honeypot's look-alike answer). */
  | { ok: true; leadId?: string }
  | { ok: false; status: number; error: string; errors?: { name?: string; email?: string }; values?: { name: string; email: string } };

/**
 * "Email me the full report": an enquiry of type audit with the report linked, and the PDF to the visitor. Only from a
 * browser holding a key to this audit (`reportKey`, from its cookie), once per key, and to one e-mail address at most
 * `auditLimits.reportsPerRecipient` times a day whoever asks; the contact form's limits apply as well.
 */
export async function requestReport(
  deps: AuditDeps,
  id: string,
  fields: Record<string, string>,
  from: AuditRequester,
  reportKey: string | null,
): Promise<ReportOutcome> {
  const { client, userAgent } = from;
  const row = await auditRow(deps.db, id);
  if (!row || row.status !== 'done') return { ok: false, status: 404, error: 'This audit has no report to send.' };
  if ((fields[honeypotField] ?? '').trim() !== '') {
    await recordSecurityEvent({ db: deps.db, alertTo: deps.contactTo }, 'honeypot_triggered', 'free audit report honeypot field was filled', userAgent);
    // Answered as a success, as the contact form does, so a bot learns nothing.
    return { ok: true };
  }
  const key = await reportKeyState(deps.db, id, reportKey);
  if (!key.held) return { ok: false, status: 403, error: auditMessages.reportNotYours };
  if (key.sent) return { ok: false, status: 409, error: auditMessages.reportOnce };

  const view = auditView(row, null);
  const result = view.result!;
  const reportUrl = new URL(paths.auditResult(id), deps.siteUrl).href;
  const host = new URL(row.site).host;
  const subject = `Free SEO audit report: ${host}`;
  const checked = validateContact({ name: fields.name, email: fields.email, subject, message: 'Report requested from the free audit.' });
  const values = { name: checked.data.name, email: checked.data.email };
  if (!checked.ok) {
    const { name, email } = checked.errors;
    return { ok: false, status: 400, error: 'Please fix the errors below and try again.', errors: { name, email }, values };
  }

  // One address is sent so many reports a day, however many browsers and audits ask: taken before counting, then
  // given back if over, so two requests at once cannot both slip under it.
  const now = Date.now();
  const recipient = keyedHash(`audit-recipient:${mailboxOf(values.email)}`, deps.clientHashSecret);
  const recipientSlot = await limit(deps.db, recipientLimit(recipient, now));
  if (!recipientSlot.allowed) {
    await recordSecurityEvent(
      { db: deps.db, alertTo: deps.contactTo },
      'rate_limit_exceeded',
      'free audit report: an e-mail address at its daily limit',
      userAgent,
    );
    return { ok: false, status: 429, error: auditMessages.reportRecipientLimit, values };
  }
  if (!(await claimReportKey(deps.db, key.hash, now))) {
    await giveBackHit(deps.db, recipientSlot.hit);
    return { ok: false, status: 409, error: auditMessages.reportOnce };
  }
  const giveBack = async () => {
    await releaseReportKey(deps.db, key.hash);
    await giveBackHit(deps.db, recipientSlot.hit);
  };

  let pdf: Uint8Array;
  try {
    pdf = await auditPdf(view, reportUrl);
  } catch (error) {
    log.error(errorField(error), '[audit] could not make the PDF');
    await giveBack();
    return { ok: false, status: 503, error: auditMessages.reportFailed, values };
  }
  const message = [
    `Please e-mail me the full report of the free SEO audit of ${row.site}.`,
    `Score: ${result.score}/100 (${plural(result.errors, 'error')}, ${plural(result.warnings, 'warning')}, ${plural(result.notices, 'notice')} on ${plural(result.pages, 'page')}).`,
    `Report: ${reportUrl}`,
  ].join('\n');
  const mail = auditReportMail({ host, score: result.score, reportUrl });
  let accepted: Awaited<ReturnType<typeof acceptSubmission>>;
  try {
    accepted = await acceptSubmission(deps.db, deps.kind, {
      clientHash: hashClient(client, deps.clientHashSecret),
      data: { name: values.name, email: values.email, subject, message },
      requestType: 'audit',
      notify: deps.contactTo,
      also: async (trx, leadId, at) => {
        await trx.updateTable('audits').set({ lead_id: leadId }).where('id', '=', id).execute();
        await enqueueMail(trx, {
          kind: 'audit_report',
          recipient: values.email,
          replyTo: business.email,
          subject: mail.subject,
          body: mail.body,
          attachments: [{ filename: `seo-audit-${host.replace(/[^a-z0-9.-]/gi, '-')}.pdf`, contentType: 'application/pdf', content: pdf }],
          now: at,
        });
      },
    });
  } catch (error) {
    await giveBack().catch(() => {});
    throw error;
  }
  if (!accepted.accepted) {
    await giveBack();
    return {
      ok: false,
      status: 429,
      error: `Please wait ${plural(accepted.retryAfterMinutes, 'minute')} before asking again.`,
      values,
    };
  }
  deps.kickOutbox();
  return { ok: true, leadId: accepted.id };
}

/**
 * The mailbox an address delivers to, for counting what is sent to it: lower case, without a "+tag" (most providers
 * deliver name+anything@ to name@), and without Gmail's dots, so one inbox is not many recipients.
 */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const untagged = local.split('+')[0] ?? local;
  return `${['gmail.com', 'googlemail.com'].includes(domain) ? untagged.replaceAll('.', '') : untagged}@${domain}`;
}
