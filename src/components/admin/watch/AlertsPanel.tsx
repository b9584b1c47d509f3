/**
 * Alerts: each problem the watch saw, open or closed, since when, what was seen and the evidence (the crawl's changes,
 * the response, the chart point). The Overview shows the open ones first (OpenAlerts).
 */
import { useState } from 'react';
import { adminApi } from '~/config/admin';
import { analyticsRules } from '~/config/analytics';
import { watchAlertHandling as handling, watchAlertText, watchKindLabels } from '~/config/watch';
import { plural } from '~/lib/plural.mjs';
import { toast } from '~/lib/toast';
import type { WatchAlertAnswer, WatchAlertsAnswer, WatchAlertState, WatchAlertView } from '~/lib/watch-types';
import { post } from '../data/post';
import { adminKeys, useQueryClient, useWatchAlerts } from '../data/queries';
import { Evidence } from './Evidence';
import { AddressText } from '~/components/ui/AddressText';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { TextAreaField } from '../ui/text-area-field';
import { SegmentedControl } from '../ui/segmented-control';
import { TimeAgo } from '../ui/time-ago';
import { formatDayAndClock } from '~/lib/format';

const filters = [
  { id: 'open', label: 'Open' },
  { id: 'closed', label: 'Closed' },
  { id: 'all', label: 'All' },
] as const;

const ukClock = new Intl.DateTimeFormat('en-GB', { timeZone: analyticsRules.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/**
 * Acknowledge or mute an open alert, with a note, or set it back: the answer replaces the alert in the list, and what
 * was done is said in words beside the buttons.
 */
function Handling({ alert }: { alert: WatchAlertView }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function send(state: WatchAlertState | 'none') {
    setBusy(true);
    setSaid(null);
    const { body } = await post<WatchAlertAnswer>(adminApi.watch.alert(alert.id), state === 'none' ? { state } : { state, note });
    setBusy(false);
    if (!body.ok) return setSaid({ tone: 'error', text: body.errors?.note ?? body.error ?? '' });
    queryClient.setQueryData<WatchAlertsAnswer>(adminKeys.watchAlerts, (old) =>
      old ? { ...old, alerts: old.alerts.map((a) => (a.id === body.alert.id ? body.alert : a)) } : old,
    );
    const text = state === 'none' ? handling.undone : handling.states[state].done;
    setNote('');
    setSaid({ tone: 'success', text });
    toast({ title: text, variant: 'success' });
  }

  const handled = alert.handled;
  return (
    <div className="grid gap-2">
      {handled ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="secondary" disabled={busy} onClick={() => void send('none')} aria-label={`${handling.undo}: ${alert.title}`}>
            {handling.undo}
          </Button>
        </div>
      ) : (
        <details className="text-sm">
          <summary className="min-h-11 cursor-pointer content-center font-medium text-brand-700">
            {handling.states.acknowledged.action} or {handling.states.muted.action.toLowerCase()}
          </summary>
          <div className="grid gap-2 pt-1">
            <p className="text-muted">
              {handling.states.acknowledged.action}: {handling.states.acknowledged.explain} {handling.states.muted.action}: {handling.states.muted.explain}
            </p>
            <TextAreaField
              label={handling.noteLabel}
              name="note"
              rows={2}
              maxLength={handling.noteMax}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <div className="flex flex-wrap gap-2">
              {(['acknowledged', 'muted'] as const).map((state) => (
                <Button key={state} size="sm" variant="secondary" disabled={busy} onClick={() => void send(state)}>
                  {handling.states[state].action}
                </Button>
              ))}
            </div>
          </div>
        </details>
      )}
      <p role="status" data-alert-handling className={said?.tone === 'error' ? 'text-sm font-medium text-red-900' : 'text-sm text-ink'}>
        {said?.text}
      </p>
    </div>
  );
}

function AlertItem({ alert, now }: { alert: WatchAlertView; now: number }) {
  return (
    <li className="grid gap-1 py-3">
      <p className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-semibold text-ink">
          <AddressText text={alert.title} />
        </span>
        {alert.open ? <Badge variant={alert.urgent ? 'bad' : 'warn'}>{alert.urgent ? 'Open, urgent' : 'Open'}</Badge> : <Badge variant="good">Resolved</Badge>}
        {alert.heldUntil !== null && <Badge variant="neutral">Held</Badge>}
        {alert.open && alert.handled && <Badge variant="info">{handling.states[alert.handled.state].badge}</Badge>}
      </p>
      {alert.open && alert.handled && (
        <div className="text-sm text-muted" data-alert-handled={alert.handled.state}>
          <p>
            {handling.by(handling.states[alert.handled.state].badge, alert.handled.by, formatDayAndClock(alert.handled.at))}.{' '}
            {handling.states[alert.handled.state].explain}
          </p>
          {alert.handled.note && <p className="whitespace-pre-line text-ink">Note: {alert.handled.note}</p>}
        </div>
      )}
      {alert.heldUntil !== null && (
        <p className="text-sm text-muted" data-alert-held>
          {watchAlertText.held(ukClock.format(alert.heldUntil))}.
        </p>
      )}
      <p className="text-sm text-muted">
        <AddressText text={alert.siteName} /> · {watchKindLabels[alert.kind]} · since <TimeAgo at={alert.openedAt} now={now} />
        {alert.closedAt !== null ? (
          <>
            {' '}
            · resolved <TimeAgo at={alert.closedAt} now={now} />
          </>
        ) : (
          <>
            {' '}
            · last seen <TimeAgo at={alert.lastSeenAt} now={now} />
          </>
        )}
      </p>
      <p className="text-sm whitespace-pre-line text-ink">
        <AddressText text={alert.detail} />
      </p>
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer content-center font-medium text-brand-700">The evidence</summary>
        <Evidence value={alert.evidence} />
      </details>
      {alert.open && <Handling alert={alert} />}
    </li>
  );
}

export function AlertsPanel({ initial }: { initial: WatchAlertsAnswer }) {
  const { data } = useWatchAlerts(initial);
  const [shown, setShown] = useState<(typeof filters)[number]['id']>(data.open > 0 ? 'open' : 'all');
  const alerts = data.alerts.filter((a) => shown === 'all' || (shown === 'open') === a.open);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <h2 className="sr-only">Alerts</h2>
      <Card
        title={data.open > 0 ? plural(data.open, 'open alert') : 'No open alerts'}
        headingLevel={3}
        actions={<SegmentedControl legend="Show" name="alerts-shown" options={filters} value={shown} onChange={setShown} />}
      >
        {alerts.length === 0 ? (
          <p className="text-muted">{shown === 'open' ? 'Nothing is wrong on the watched sites.' : 'No alerts yet.'}</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {alerts.map((alert) => (
              <AlertItem key={alert.id} alert={alert} now={data.now} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** The Overview's first card while any alert is open. */
export function OpenAlerts({ alerts, now, href }: { alerts: WatchAlertView[]; now: number; href: string }) {
  if (alerts.length === 0) return null;
  return (
    <section aria-labelledby="open-alerts" className="rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 id="open-alerts" className="mb-2 text-lg font-semibold text-red-900">
        {plural(alerts.length, 'open alert')}
      </h3>
      <ul className="grid gap-1">
        {alerts.slice(0, 5).map((alert) => (
          <li key={alert.id} className="text-ink">
            <span className="font-medium">{alert.title}</span>{' '}
            <span className="text-sm text-muted">
              ({alert.siteName}, since <TimeAgo at={alert.openedAt} now={now} />)
            </span>
          </li>
        ))}
      </ul>
      <a href={href} className="mt-2 inline-block font-medium text-brand-700 underline underline-offset-2">
        All alerts and their evidence
      </a>
    </section>
  );
}
