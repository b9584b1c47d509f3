/**
 * Alerts: one per problem while it lasts, not one per check. A problem a check sees with no open alert opens one
 * (one e-mail, one webhook call); an open alert whose problem the check no longer sees is closed (one more of each).
 * An open alert is told again only when it turns urgent, or when its problem brings news (a later crawl's further
 * findings): one message listing only what is new since it was last sent.
 * Written in the transaction that records the check, so a check recorded once alerts once; an alert's `open_key` is
 * unique while it is open, so two instances cannot open the same one.
 */
import { randomUUID } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import { watchAlertHandling, watchAlertText, watchKindLabels, watchReminders, type WatchKind } from '~/config/watch';
import type { WatchAlertState } from '~/lib/watch-types';
import { HttpError } from '../../api/http-error';
import type { Database, WatchAlertTable } from '../../db/schema';
import { enqueueMail } from '../../platform/outbox';
import { heldUntil, type QuietHours, quietHoursInForce } from './quiet';
import type { CheckOutcome, WatchedSite } from './types';
import { enqueueWebhook, webhookBody } from './webhook';

export interface AlertDelivery {
  /** The owner's address (CONTACT_TO). */
  ownerEmail: string;
  /** Where the admin's Alerts list is, for the messages' link. */
  alertsLink: string;
  /** The server's quiet hours (WATCH_QUIET_HOURS); unset, those the owner set in the admin are read at each alert. */
  quietHours?: QuietHours;
  webhookUrl?: string;
}

/**
 * An alert opened, became urgent while open (a certificate from 14 days left to 3), was updated with news while open
 * (a later crawl's further findings), is still open (a reminder: a site that stays down), or closed: one message each.
 */
export type AlertEvent = 'opened' | 'escalated' | 'updated' | 'reminder' | 'closed';

export interface AlertChange {
  event: AlertEvent;
  site: string;
  kind: WatchKind;
  title: string;
  /** What the message says below its title (a crawl alert: one line per change, each naming its page). */
  detail: string;
  urgent: boolean;
}

type Trx = Transaction<Database>;

const openKeyOf = (siteId: string, problem: string) => `${siteId}|${problem}`;

export async function openAlerts(db: Trx | import('../../db').Db, siteId: string, kind: WatchKind): Promise<Selectable<WatchAlertTable>[]> {
  return db.selectFrom('watch_alerts').selectAll().where('site_id', '=', siteId).where('kind', '=', kind).where('open_key', 'is not', null).execute();
}

/**
 * An alert's message. `link` is the owner's admin (the evidence); a client's copy has none, since the admin is not
 * theirs. `heldThrough`: a closing whose opening quiet hours still held, so this one message says both.
 */
function messageOf(
  event: AlertEvent,
  site: WatchedSite,
  alert: { title: string; detail: string; opened_at: number; urgent: boolean; problem?: string },
  link: string | null,
  now: number,
  heldThrough = false,
) {
  const evidence = link ? ` The evidence: ${link}` : '';
  if (event === 'reminder') {
    const lasted = lastedText(alert.opened_at, now);
    return {
      subject: watchReminders.subject(site.name, alert.title, lasted),
      body: `${reminderLead(alert, site, lasted)}\n\n${alert.title}\n\n${alert.detail}\n\nSite: ${site.name} (${site.url})\nFirst seen: ${new Date(alert.opened_at).toUTCString()}\n\n${watchReminders.footer(watchReminders.thenEveryHours)}${evidence}\n`,
    };
  }
  // An update's title and detail are the news alone (the caller hands them in place of the alert's own).
  if (event === 'updated')
    return {
      subject: `${site.name}: ${alert.title}`,
      body: `${alert.title}\n\n${alert.detail}\n\nSite: ${site.name} (${site.url})\nThe alert is open since ${new Date(alert.opened_at).toUTCString()}; what it said before still stands.\n\nYou will get one more message when it is resolved.${evidence}\n`,
    };
  const since = new Date(alert.opened_at).toUTCString();
  if (event === 'opened')
    return {
      subject: `${alert.urgent ? 'Urgent: ' : ''}${site.name}: ${alert.title}`,
      body: `${alert.title}\n\n${alert.detail}\n\nSite: ${site.name} (${site.url})\nSeen: ${since}\n\nYou will get one more message when it is resolved.${evidence}\n`,
    };
  if (event === 'escalated')
    return {
      subject: `Urgent: ${site.name}: ${alert.title}`,
      body: `Now urgent: ${alert.title}\n\n${alert.detail}\n\nSite: ${site.name} (${site.url})\nFirst seen: ${since}\n${evidence ? `\n${evidence.trim()}\n` : ''}`,
    };
  const lasted = lastedText(alert.opened_at, now);
  const history = link ? `\nThe history: ${link}\n` : '';
  if (heldThrough)
    return {
      subject: `Resolved: ${site.name}: ${alert.title}`,
      body: `${watchAlertText.heldThrough(lasted)}\n\n${alert.title}\n\n${alert.detail}\n\nSite: ${site.name} (${site.url})\nSeen: ${since}; resolved after ${lasted}.\n${history}`,
    };
  return {
    subject: `Resolved: ${site.name}: ${alert.title}`,
    body: `Resolved: ${alert.title}\n\nSite: ${site.name} (${site.url})\nOpen since ${since}, for ${lasted}.\n${history}`,
  };
}

/** How long an alert was open, in words. */
const lastedText = (openedAt: number, now: number) => watchAlertText.lasted(Math.max(1, Math.round((now - openedAt) / 60_000)));

/** A reminder's first line: how long it has lasted (a site down says it is down). */
const reminderLead = (alert: { problem?: string }, site: WatchedSite, lasted: string) =>
  watchReminders.lead(alert.problem === 'down', new URL(site.url).host, lasted);

/** When an open alert's next reminder is due: an hour (watchReminders) after it opened, then every day after the last. */
export function reminderDueAt(alert: { opened_at: number; reminded_at: number | null }): number {
  return alert.reminded_at === null
    ? Number(alert.opened_at) + watchReminders.firstAfterMinutes * 60_000
    : Number(alert.reminded_at) + watchReminders.thenEveryHours * 3_600_000;
}

/**
 * Takes back the messages of an alert that quiet hours still hold (not yet tried, due later). True when its opening
 * was among them: it was never sent, so its closing is to say both in one message.
 */
async function withdrawHeld(trx: Trx, alert: Selectable<WatchAlertTable>, now: number): Promise<boolean> {
  const mails = await trx
    .deleteFrom('mail_outbox')
    .where('id', 'in', trx.selectFrom('watch_alert_mails').select('mail_id').where('alert_id', '=', alert.id))
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('next_attempt_at', '>', now)
    .where('locked_until', '<=', now)
    .returning('created_at')
    .execute();
  const calls = await trx
    .deleteFrom('watch_webhooks')
    .where('alert_id', '=', alert.id)
    .where('status', '=', 'pending')
    .where('attempts', '=', 0)
    .where('next_attempt_at', '>', now)
    .where('locked_until', '<=', now)
    .returning('created_at')
    .execute();
  // The opening's messages were written with the alert, at its opening.
  return [...mails, ...calls].some((row) => Number(row.created_at) === Number(alert.opened_at));
}

async function notify(
  trx: Trx,
  delivery: AlertDelivery,
  quietHours: QuietHours | undefined,
  site: WatchedSite,
  alert: Selectable<WatchAlertTable>,
  event: AlertEvent,
  now: number,
  heldThrough = false,
) {
  // Muted by the owner: nothing about it until it closes (its closing is still said).
  if (alert.handled === 'muted' && event !== 'closed') return;
  const urgent = Number(alert.urgent) === 1;
  // Urgent problems go at once; anything else (and its recovery), and every reminder, waits for the end of quiet hours.
  const notBefore = urgent && !heldThrough && event !== 'reminder' ? now : heldUntil(now, quietHours);
  const recipients = [
    { address: delivery.ownerEmail, link: delivery.alertsLink },
    ...(site.copyClient && site.clientEmail && !site.isThisSite ? [{ address: site.clientEmail, link: null }] : []),
  ];
  for (const recipient of recipients) {
    const message = messageOf(event, site, { ...alert, urgent }, recipient.link, now, heldThrough);
    const mailId = await enqueueMail(trx, {
      kind: 'watch_alert',
      recipient: recipient.address,
      subject: message.subject,
      body: message.body,
      now,
      notBefore,
    });
    // The alert the message is about, so the messages quiet hours hold can be told apart per alert.
    await trx.insertInto('watch_alert_mails').values({ mail_id: mailId, alert_id: alert.id }).execute();
  }
  const lasted = lastedText(alert.opened_at, now);
  if (delivery.webhookUrl)
    await enqueueWebhook(trx, {
      alertId: alert.id,
      url: delivery.webhookUrl,
      body: webhookBody({
        event,
        site: site.name,
        siteUrl: site.url,
        title: alert.title,
        detail:
          event === 'reminder'
            ? `${reminderLead(alert, site, lasted)}\n${alert.detail}`
            : event !== 'closed'
              ? alert.detail
              : heldThrough
                ? `${watchAlertText.heldThrough(lasted)}\n${alert.detail}`
                : watchAlertText.recovered(new Date(alert.opened_at).toUTCString(), lasted),
        urgent,
        alertId: alert.id,
        link: delivery.alertsLink,
      }),
      now,
      notBefore,
    });
}

/** Opens, keeps and closes this check kind's alerts of one site by what the check sees now. */
export async function reconcileAlerts(
  trx: Trx,
  delivery: AlertDelivery,
  site: WatchedSite,
  kind: WatchKind,
  outcome: CheckOutcome,
  now: number,
): Promise<AlertChange[]> {
  if (outcome.inconclusive) return [];
  const changes: AlertChange[] = [];
  const quietHours = await quietHoursInForce(trx, delivery.quietHours);
  const open = await openAlerts(trx, site.id, kind);
  const byProblem = new Map(open.map((alert) => [alert.problem, alert]));
  for (const problem of outcome.problems) {
    const existing = byProblem.get(problem.key);
    if (existing) {
      const evidence = JSON.stringify(problem.evidence);
      await trx
        .updateTable('watch_alerts')
        .set({ last_seen_at: now, title: problem.title, detail: problem.detail, evidence })
        .where('id', '=', existing.id)
        .execute();
      // Open but not urgent, and urgent now: one more message, once (the update is conditional on it not being so yet).
      if (problem.urgent && Number(existing.urgent) === 0) {
        const escalated = await trx.updateTable('watch_alerts').set({ urgent: 1 }).where('id', '=', existing.id).where('urgent', '=', 0).executeTakeFirst();
        if (Number(escalated.numUpdatedRows) > 0) {
          await notify(trx, delivery, quietHours, site, { ...existing, urgent: 1, title: problem.title, detail: problem.detail, evidence }, 'escalated', now);
          changes.push({ event: 'escalated', site: site.name, kind, title: problem.title, detail: problem.detail, urgent: true });
          continue;
        }
      }
      // News on an open alert: one message with only the news (the check decides what is new since it was last sent).
      if (problem.news) {
        await notify(
          trx,
          delivery,
          quietHours,
          site,
          { ...existing, urgent: problem.urgent ? 1 : Number(existing.urgent), title: problem.news.title, detail: problem.news.detail, evidence },
          'updated',
          now,
        );
        changes.push({ event: 'updated', site: site.name, kind, title: problem.news.title, detail: problem.news.detail, urgent: problem.urgent });
      }
      // Still open, and the owner has neither acknowledged nor muted it: a reminder when one is due. The update is
      // conditional on the last reminder time read, so two instances recording at once remind once.
      if ((watchReminders.kinds as readonly WatchKind[]).includes(kind) && existing.handled === null && now >= reminderDueAt(existing)) {
        const reminded = await trx
          .updateTable('watch_alerts')
          .set({ reminded_at: now })
          .where('id', '=', existing.id)
          .where((eb) => (existing.reminded_at === null ? eb('reminded_at', 'is', null) : eb('reminded_at', '=', existing.reminded_at)))
          .executeTakeFirst();
        if (Number(reminded.numUpdatedRows) > 0) {
          await notify(trx, delivery, quietHours, site, { ...existing, title: problem.title, detail: problem.detail, evidence }, 'reminder', now);
          changes.push({ event: 'reminder', site: site.name, kind, title: problem.title, detail: problem.detail, urgent: false });
        }
      }
      continue;
    }
    const row = {
      id: randomUUID(),
      site_id: site.id,
      kind,
      problem: problem.key,
      open_key: openKeyOf(site.id, problem.key),
      urgent: problem.urgent ? 1 : 0,
      title: problem.title,
      detail: problem.detail,
      evidence: JSON.stringify(problem.evidence),
      opened_at: now,
      last_seen_at: now,
      closed_at: null,
      handled: null,
      handled_at: null,
      handled_by: null,
      handled_note: null,
      reminded_at: null,
    };
    const inserted = await trx
      .insertInto('watch_alerts')
      .values(row)
      .onConflict((conflict) => conflict.column('open_key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) continue;
    await notify(trx, delivery, quietHours, site, row, 'opened', now);
    changes.push({ event: 'opened', site: site.name, kind, title: problem.title, detail: problem.detail, urgent: problem.urgent });
  }
  const seen = new Set(outcome.problems.map((p) => p.key));
  for (const alert of open) {
    if (seen.has(alert.problem)) continue;
    const closed = await closeAlert(trx, alert.id, now);
    if (!closed) continue;
    // Opened and closed while quiet hours held it: one message says both, rather than two at their end.
    const heldThrough = await withdrawHeld(trx, alert, now);
    await notify(trx, delivery, quietHours, site, alert, 'closed', now, heldThrough);
    changes.push({ event: 'closed', site: site.name, kind, title: alert.title, detail: alert.detail, urgent: Number(alert.urgent) === 1 });
  }
  return changes;
}

/** Closes an open alert; false when it was closed already (by another instance). */
export async function closeAlert(trx: Trx | import('../../db').Db, id: string, now: number): Promise<boolean> {
  const result = await trx
    .updateTable('watch_alerts')
    .set({ open_key: null, closed_at: now })
    .where('id', '=', id)
    .where('open_key', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How a change reads on the command line; `withDetail`, with what its message lists below (not for a closing). */
export const changeLine = (change: AlertChange, { withDetail = false } = {}) => {
  const line = `${{ opened: 'ALERT  ', escalated: 'URGENT ', updated: 'MORE   ', reminder: 'STILL  ', closed: 'CLOSED ' }[change.event]} ${change.site} · ${watchKindLabels[change.kind]} · ${change.title}`;
  if (!withDetail || change.event === 'closed' || change.detail.trim() === '') return line;
  return `${line}\n${change.detail
    .split('\n')
    .map((text) => `         ${text}`)
    .join('\n')}`;
};

/**
 * The owner acknowledges (seen: it stays open, no reminders) or mutes (no messages until it closes) one open alert,
 * with a note, or sets it back (`none`). Muting also takes back its messages not yet sent (quiet hours' included).
 * Refused, in words, for an alert that is not there or closed already.
 */
export async function handleAlert(
  db: import('../../db').Db,
  id: string,
  change: { state: WatchAlertState | 'none'; note: string | null; by: string },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const alert = await trx.selectFrom('watch_alerts').select(['id', 'open_key']).where('id', '=', id).executeTakeFirst();
    if (!alert) throw new HttpError(404, watchAlertHandling.notFound);
    const handled =
      change.state === 'none'
        ? { handled: null, handled_at: null, handled_by: null, handled_note: null }
        : { handled: change.state, handled_at: now, handled_by: change.by, handled_note: change.note };
    const updated = await trx.updateTable('watch_alerts').set(handled).where('id', '=', id).where('open_key', 'is not', null).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw new HttpError(409, watchAlertHandling.closed);
    if (change.state !== 'muted') return;
    // Not yet tried and not being sent now: taken back (a message being sent goes; it cannot be called back).
    await trx
      .deleteFrom('mail_outbox')
      .where('id', 'in', trx.selectFrom('watch_alert_mails').select('mail_id').where('alert_id', '=', id))
      .where('status', '=', 'pending')
      .where('attempts', '=', 0)
      .where('locked_until', '<=', now)
      .execute();
    await trx
      .deleteFrom('watch_webhooks')
      .where('alert_id', '=', id)
      .where('status', '=', 'pending')
      .where('attempts', '=', 0)
      .where('locked_until', '<=', now)
      .execute();
  });
}
