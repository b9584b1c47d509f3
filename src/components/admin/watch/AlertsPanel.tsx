/**
 * Alerts: each problem the watch saw, open or closed, since when, what was seen and the evidence (the crawl's changes,
 * the response, the chart point). The Overview shows the open ones first (OpenAlerts).
 */
import { useState } from 'react';
import { analyticsRules } from '~/config/analytics';
import { watchAlertText, watchKindLabels } from '~/config/watch';
import { plural } from '~/lib/plural.mjs';
import type { WatchAlertsAnswer, WatchAlertView } from '~/lib/watch-types';
import { useWatchAlerts } from '../data/queries';
import { Evidence } from './Evidence';
import { AddressText } from '~/components/ui/AddressText';
import { Badge } from '../ui/badge';
import { Card } from '../ui/card';
import { SegmentedControl } from '../ui/segmented-control';
import { TimeAgo } from '../ui/time-ago';

const filters = [
  { id: 'open', label: 'Open' },
  { id: 'closed', label: 'Closed' },
  { id: 'all', label: 'All' },
] as const;

const ukClock = new Intl.DateTimeFormat('en-GB', { timeZone: analyticsRules.timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function AlertItem({ alert, now }: { alert: WatchAlertView; now: number }) {
  return (
    <li className="grid gap-1 py-3">
      <p className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-semibold text-ink">
          <AddressText text={alert.title} />
        </span>
        {alert.open ? <Badge variant={alert.urgent ? 'bad' : 'warn'}>{alert.urgent ? 'Open, urgent' : 'Open'}</Badge> : <Badge variant="good">Resolved</Badge>}
        {alert.heldUntil !== null && <Badge variant="neutral">Held</Badge>}
      </p>
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
