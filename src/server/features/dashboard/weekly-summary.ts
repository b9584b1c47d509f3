/**
 * The weekly summary e-mail: visitors, enquiries, top pages and the slowest page of the last full week (Monday to
 * Sunday) against the week before, queued in the outbox once a week. On by default when a mail server is set; the
 * owner turns it off in Settings. Here, beside the dashboard, because it joins analytics and enquiries as it does.
 */
import { weeklySummary } from '~/config/analytics';
import { formatVital } from '~/lib/analytics-figures';
import { formatShortDay } from '~/lib/format';
import type { Db } from '../../db';
import { enqueueMail } from '../../platform/outbox';
import { addDays, dayOf } from '~/lib/days.mjs';
import { analyticsViewOf, performanceData } from '../analytics';
import { enquiriesOnDays } from '../contact';

export async function weeklySummaryEnabled(db: Db): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', weeklySummary.settingKey).executeTakeFirst();
  return row?.value !== 'off';
}

export async function setWeeklySummary(db: Db, enabled: boolean): Promise<void> {
  const value = enabled ? 'on' : 'off';
  await db
    .insertInto('settings')
    .values({ key: weeklySummary.settingKey, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** The Monday of the week `day` is in. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

const compare = (now: number, before: number) =>
  now === before ? `same as the week before` : `${now > before ? 'up' : 'down'} ${Math.abs(now - before)} on the week before (${before})`;

export async function composeWeeklySummary(
  db: Db,
  now: number,
  options: { retentionDays: number; titles?: Map<string, string> },
): Promise<{ subject: string; body: string; from: string; to: string }> {
  const to = addDays(mondayOf(dayOf(now)), -1);
  const from = addDays(to, -6);
  const [view, enquiries, enquiriesBefore, performance] = await Promise.all([
    analyticsViewOf(db, { period: 'custom', from, to }, { retentionDays: options.retentionDays, titles: options.titles, now }),
    enquiriesOnDays(db, from, to),
    enquiriesOnDays(db, addDays(from, -7), addDays(to, -7)),
    performanceData(db, now),
  ]);
  // The slowest page: the highest LCP p75 on phones and tablets among pages with enough samples.
  const slowest = performance.pages
    .map((p) => ({ path: p.path, lcp: p.vitals.find((v) => v.metric === 'LCP' && v.formFactor === 'mobile')?.p75 ?? null }))
    .filter((p): p is { path: string; lcp: number } => p.lcp !== null)
    .sort((a, b) => b.lcp - a.lcp)[0];
  const lines = [
    `Your site from ${formatShortDay(from)} to ${formatShortDay(to)}, compared with the week before.`,
    '',
    `Visitors: ${view.current.visitors} (${compare(view.current.visitors, view.previous.visitors)})`,
    `Page views: ${view.current.pageViews} (${compare(view.current.pageViews, view.previous.pageViews)})`,
    `Enquiries: ${enquiries} (${compare(enquiries, enquiriesBefore)}; spam left out)`,
    '',
    'Top pages:',
    ...(view.lists.page.length === 0
      ? ['  none this week']
      : view.lists.page.slice(0, weeklySummary.topPages).map((r) => `  ${r.value}${r.title ? ` (${r.title})` : ''}: ${r.count} page views`)),
    '',
    slowest
      ? `Slowest page on phones (Largest Contentful Paint, 75th percentile, last 30 days): ${slowest.path}, ${formatVital('LCP', slowest.lcp)}`
      : 'Slowest page: not enough measurements yet.',
    '',
    'You can turn this e-mail off in the dashboard, under Settings.',
  ];
  return { subject: weeklySummary.subject(formatShortDay(from), formatShortDay(to)), body: lines.join('\n'), from, to };
}

export interface WeeklySummaryDeps {
  db: Db;
  smtpConfigured: boolean;
  recipient: string;
  retentionDays: number;
  titles?: Map<string, string>;
}

/**
 * Queues last week's summary if it is on, a mail server is set, and this week's has not been queued; says whether it did.
 * The first pass on a site only starts the count: its first summary goes out the Monday after it starts, not at once
 * (a new site has no week to sum up). The week is claimed by a conditional update, so two instances on one database
 * queue it once.
 */
export async function maybeQueueWeeklySummary(deps: WeeklySummaryDeps, now = Date.now()): Promise<boolean> {
  const { db } = deps;
  if (!deps.smtpConfigured || !(await weeklySummaryEnabled(db))) return false;
  const week = mondayOf(dayOf(now));
  const started = await db
    .insertInto('settings')
    .values({ key: weeklySummary.sentKey, value: week })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (Number(started.numInsertedOrUpdatedRows ?? 0) > 0) return false;
  const sent = await db.selectFrom('settings').select('value').where('key', '=', weeklySummary.sentKey).executeTakeFirst();
  if (sent && sent.value >= week) return false;
  const summary = await composeWeeklySummary(db, now, deps);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('settings')
      .set({ value: week })
      .where('key', '=', weeklySummary.sentKey)
      .where('value', '<', week)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return false;
    await enqueueMail(trx, { kind: 'weekly_summary', recipient: deps.recipient, subject: summary.subject, body: summary.body, now });
    return true;
  });
}
