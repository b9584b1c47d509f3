/**
 * Sites: this site and the clients' sites the server watches (docs/watch.md). Add, edit, remove and erase a site; per
 * site its uptime over 30 and 90 days, response time p50/p95, the certificate's expiry, the crawls' score trend, the
 * latest check of each kind and its open problems.
 */
import { type SubmitEvent, useRef, useState } from 'react';
import { adminApi } from '~/config/admin';
import { uptimeText, watchCheckNow, watchDefaults, watchKindLabels, type WatchKind } from '~/config/watch';
import { plural } from '~/lib/plural.mjs';
import type { WatchCheckNowAnswer, WatchSitesAnswer, WatchSiteView } from '~/lib/watch-types';
import type { WriteMethod } from '../data/post';
import { useAdminMutation } from '../data/use-admin-mutation';
import { adminKeys, useQueryClient, useWatchSites } from '../data/queries';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { DetailRow } from '../ui/detail-row';
import { Field } from '../ui/field';
import { Checkbox } from '../ui/input';
import { TimeAgo } from '../ui/time-ago';
import { useFocusFirstField, useReturnFocus } from '../ui/use-focus';
import { QuietHoursCard } from './QuietHoursCard';
import { ResponseHistory } from './ResponseHistory';
import { SearchPropertyField } from '../search/SearchPropertyField';
import { useReportSearchNotes } from '../reports/report-ui';
import { Address, AddressText } from '~/components/ui/AddressText';
import { formatDayAndClock } from '~/lib/format';

const ms = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-GB')} ms`);

/** The crawls' scores as a small line, with the figures in words for screen readers. */
function ScoreTrend({ scores }: { scores: WatchSiteView['health']['scores'] }) {
  if (scores.length === 0) return <span>No crawl yet.</span>;
  const last = scores.at(-1)!;
  const width = 160;
  const height = 36;
  const x = (i: number) => (scores.length === 1 ? width / 2 : (i / (scores.length - 1)) * (width - 4) + 2);
  const y = (score: number) => height - 2 - (score / 100) * (height - 4);
  return (
    <span className="flex flex-wrap items-center gap-3">
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" className="rounded bg-slate-50">
        <polyline
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          className="text-brand-700"
          points={scores.map((s, i) => `${x(i)},${y(s.score)}`).join(' ')}
        />
      </svg>
      <span>
        {last.score} out of 100 now
        {scores.length > 1 && `; ${scores[0]!.score} ${plural(scores.length - 1, 'crawl')} ago`}
      </span>
    </span>
  );
}

function SiteForm({ site, onDone }: { site?: WatchSiteView; onDone: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstField(formRef);
  const kinds: WatchKind[] = site?.isThisSite
    ? ['availability', 'certificate', 'crawl', 'vitals', 'traffic', 'enquiries']
    : ['availability', 'certificate', 'crawl'];
  const save = useAdminMutation<Record<string, unknown>>({
    url: site ? adminApi.watch.site(site.id) : adminApi.watch.sites,
    failure: 'Not saved',
    fieldErrors: true,
    success: site ? { title: 'Site saved' } : { title: 'Site added', description: 'Its first checks run within a minute.' },
    invalidates: [adminKeys.watchSites],
    onSuccess: onDone,
  });
  const { errors, busy } = save;

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void save.run({
      ...(site ? {} : { url: String(form.get('url') ?? '') }),
      name: String(form.get('name') ?? ''),
      clientEmail: String(form.get('clientEmail') ?? ''),
      copyClient: form.get('copyClient') === 'on',
      ...(site?.isThisSite ? {} : { searchProperty: String(form.get('searchProperty') ?? '') }),
      crawlEveryHours: String(form.get('crawlEveryHours') ?? ''),
      availabilityEveryMinutes: String(form.get('availabilityEveryMinutes') ?? ''),
      kindsOff: kinds.filter((kind) => form.get(`on-${kind}`) !== 'on'),
    });
  }

  return (
    <form ref={formRef} method="post" noValidate onSubmit={submit} className="grid gap-4">
      {!site && (
        <Field label="Address" name="url" type="url" inputMode="url" placeholder="https://www.example.co.uk" error={errors.url} autoComplete="off" required />
      )}
      {!site?.isThisSite && (
        <>
          <Field label="Name" name="name" defaultValue={site?.name} error={errors.name} autoComplete="off" required />
          <Field
            label="Client's e-mail (optional)"
            name="clientEmail"
            type="email"
            defaultValue={site?.clientEmail ?? ''}
            error={errors.clientEmail}
            autoComplete="off"
          />
          <label className="flex min-h-11 items-center gap-2 text-ink">
            <Checkbox name="copyClient" defaultChecked={site?.copyClient ?? false} />
            Send the client a copy of each alert
          </label>
          <SearchPropertyField siteUrl={site?.url} value={site?.searchProperty ?? null} error={errors.searchProperty} />
        </>
      )}
      {site?.isThisSite && <input type="hidden" name="name" value={site.name} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Hours between crawls"
          name="crawlEveryHours"
          type="number"
          inputMode="numeric"
          min={1}
          defaultValue={site?.crawlEveryHours ?? watchDefaults.crawlEveryHours}
          error={errors.crawlEveryHours}
        />
        <Field
          label="Minutes between availability checks"
          name="availabilityEveryMinutes"
          type="number"
          inputMode="numeric"
          min={1}
          defaultValue={site?.availabilityEveryMinutes ?? watchDefaults.availabilityEveryMinutes}
          error={errors.availabilityEveryMinutes}
        />
      </div>
      <fieldset className="grid gap-1">
        <legend className="font-medium text-ink">Checks that alert</legend>
        {kinds.map((kind) => (
          <label key={kind} className="flex min-h-11 items-center gap-2 text-ink">
            <Checkbox name={`on-${kind}`} defaultChecked={!site?.kindsOff.includes(kind)} />
            {watchKindLabels[kind]}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {site ? 'Save' : 'Add site'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * "Check now": the site's availability and certificate checked on the server at once; its card shows the new results
 * from the answer (no reload), and what happened is said in words beside the button (a refusal too).
 */
function useCheckNow(site: WatchSiteView) {
  const queryClient = useQueryClient();
  const [said, setSaid] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const write = useAdminMutation<void, WatchCheckNowAnswer>({
    url: adminApi.watch.siteCheck(site.id),
    failure: 'Not checked',
    // The alerts it opened or closed show in Alerts and the Overview.
    invalidates: [adminKeys.watchAlerts],
    onSuccess: (answer) => {
      queryClient.setQueryData<WatchSitesAnswer>(adminKeys.watchSites, (old) =>
        old ? { ...old, now: answer.now, sites: old.sites.map((s) => (s.id === answer.site.id ? answer.site : s)) } : old,
      );
      setSaid({ tone: 'success', text: watchCheckNow.done(site.name) });
    },
    // Said beside the button, not in a toast.
    onRefused: (refused) => {
      setSaid({ tone: 'error', text: refused.message });
      return true;
    },
  });
  function check() {
    setSaid(null);
    return write.run();
  }
  return { checking: write.busy, said, check };
}

function SiteCard({ site, now, onAlerts }: { site: WatchSiteView; now: number; onAlerts: () => void }) {
  const [editing, setEditing] = useState(false);
  const editButton = useReturnFocus<HTMLButtonElement>(editing);
  const { health } = site;
  const checkNow = useCheckNow(site);
  const checkable = site.removedAt === null && site.kinds.some((kind) => (watchCheckNow.kinds as readonly WatchKind[]).includes(kind));
  // A search source this site's reports leave out (e.g. its Google property not shared), as its reports say.
  const searchNote = useReportSearchNotes()[site.id];

  const act = useAdminMutation<{ url: string; method: WriteMethod; done: string }>({
    url: (a) => a.url,
    method: (a) => a.method,
    body: () => ({}),
    failure: 'Not done',
    success: (_, a) => ({ title: a.done }),
    invalidates: [adminKeys.watchSites],
  });
  function confirmAndAct(url: string, method: WriteMethod, question: string, done: string) {
    if (window.confirm(question)) void act.run({ url, method, done });
  }

  const cert = health.certificate;
  return (
    <Card
      headingLevel={3}
      title={
        <span className="flex flex-wrap items-center gap-2">
          <span className="min-w-0">
            <AddressText text={site.name} />
          </span>
          {site.isThisSite && <Badge variant="info">This site</Badge>}
          {site.removedAt !== null && <Badge>Removed</Badge>}
          {health.openAlerts > 0 ? (
            <Badge variant="bad">{plural(health.openAlerts, 'open problem')}</Badge>
          ) : (
            site.removedAt === null && <Badge variant="good">No open problems</Badge>
          )}
        </span>
      }
    >
      <p className="mb-2 text-sm text-muted">
        <Address value={site.url} />
        {site.clientEmail && (
          <>
            {' '}
            · client: <AddressText text={site.clientEmail} />
          </>
        )}
      </p>
      {searchNote && <p className="mb-2 text-sm wrap-anywhere text-muted">{searchNote}</p>}
      {editing ? (
        <SiteForm site={site} onDone={() => setEditing(false)} />
      ) : (
        <>
          <dl className="divide-y divide-slate-200">
            <DetailRow label="Uptime">{uptimeText(health, now, (at) => formatDayAndClock(at))}</DetailRow>
            <DetailRow label="Response time">
              {health.checks30 === 0 ? (
                'no checks yet'
              ) : (
                <>
                  p50 {ms(health.responseP50)} · p95 {ms(health.responseP95)} ({plural(health.checks30, 'check')} in 30 days)
                </>
              )}
            </DetailRow>
            <DetailRow label="Certificate">
              {cert ? (
                <>
                  expires {new Date(cert.validTo).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })} (
                  {cert.daysLeft < 0 ? 'expired' : `${plural(cert.daysLeft, 'day')} left`})
                  {cert.names.length > 0 && (
                    <>
                      {' '}
                      · for <AddressText text={cert.names.join(', ')} />
                    </>
                  )}
                </>
              ) : (
                'not checked yet'
              )}
            </DetailRow>
            <DetailRow label="Score trend">
              <ScoreTrend scores={health.scores} />
            </DetailRow>
            <DetailRow label="Latest checks">
              {health.lastChecks.length === 0 ? (
                'None yet: the first run within a minute of adding.'
              ) : (
                <ul className="grid gap-1">
                  {health.lastChecks.map((check) => (
                    <li key={check.kind}>
                      <span className="font-medium text-ink">{watchKindLabels[check.kind]}</span>{' '}
                      <Badge variant={check.ok ? 'good' : 'bad'}>{check.ok ? 'OK' : 'Problem'}</Badge> <TimeAgo at={check.at} now={now} />:{' '}
                      <AddressText text={check.summary} />
                    </li>
                  ))}
                </ul>
              )}
            </DetailRow>
            {site.kindsOff.length > 0 && <DetailRow label="Switched off">{site.kindsOff.map((k) => watchKindLabels[k]).join(', ')}</DetailRow>}
          </dl>
          <ResponseHistory siteId={site.id} />
          <div className="mt-3 flex flex-wrap gap-2">
            {health.openAlerts > 0 && (
              <Button size="sm" onClick={onAlerts}>
                See the problems
              </Button>
            )}
            {checkable && (
              <Button size="sm" variant="secondary" onClick={() => void checkNow.check()} disabled={checkNow.checking} aria-label={`Check ${site.name} now`}>
                {checkNow.checking ? watchCheckNow.busy : watchCheckNow.button}
              </Button>
            )}
            {site.removedAt === null && (
              <Button ref={editButton} size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label={`Edit ${site.name}`}>
                Edit
              </Button>
            )}
            {!site.isThisSite && site.removedAt === null && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Remove ${site.name}`}
                onClick={() =>
                  confirmAndAct(adminApi.watch.site(site.id), 'DELETE', `Stop watching ${site.name}? Its history is kept until you erase it.`, 'Site removed')
                }
              >
                Remove
              </Button>
            )}
            {site.removedAt !== null && (
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Erase ${site.name}`}
                onClick={() => confirmAndAct(adminApi.watch.siteErase(site.id), 'POST', `Erase ${site.name} and all its history for good?`, 'Site erased')}
              >
                Erase history
              </Button>
            )}
          </div>
          {/* Always there, so a screen reader announces what is put in it. */}
          <p
            role="status"
            data-check-now
            className={checkNow.said?.tone === 'error' ? 'mt-2 text-sm font-medium text-red-900 empty:mt-0' : 'mt-2 text-sm text-ink empty:mt-0'}
          >
            {checkNow.said?.text}
          </p>
        </>
      )}
    </Card>
  );
}

export function SitesPanel({ initial, onAlerts }: { initial: WatchSitesAnswer; onAlerts: () => void }) {
  const { data } = useWatchSites(initial);
  const [adding, setAdding] = useState(false);
  const addButton = useReturnFocus<HTMLButtonElement>(adding);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <h2 className="sr-only">Sites</h2>
      <Card
        title="Watched sites"
        headingLevel={3}
        actions={
          !adding && (
            <Button ref={addButton} size="sm" onClick={() => setAdding(true)}>
              Add a client's site
            </Button>
          )
        }
      >
        <p className="text-sm text-muted">
          Every {watchDefaults.availabilityEveryMinutes} minutes the home page, the redirects, robots.txt and the sitemap are checked; every hour the
          certificate; once a day a crawl is compared with the one before. This site's real-user speed, visitors and enquiries are looked at every{' '}
          {watchDefaults.ownDataEveryMinutes} minutes. Each problem raises one alert, e-mailed to you, and its recovery one more.
        </p>
        {adding && (
          <div className="mt-4">
            <SiteForm onDone={() => setAdding(false)} />
          </div>
        )}
      </Card>
      {data.sites.map((site) => (
        <SiteCard key={site.id} site={site} now={data.now} onAlerts={onAlerts} />
      ))}
      <QuietHoursCard quietHours={data.quietHours} />
    </div>
  );
}
