/**
 * Each search source's state (connected or not and why, last sync, rows, data up to which day, next run), each client
 * site's (its property, and whether it is shared with the account), a sync now, and the import of a Search Console
 * Performance export. Shown in the Search tab and in Settings.
 */
import { type SubmitEvent, useId, useState } from 'react';
import { adminApi } from '~/config/admin';
import { searchText } from '~/config/search';
import { searchImportOverlap } from '~/config/search-import.mjs';
import type { SearchImportAnswer, SearchImportRemovedAnswer, SearchStatus, SearchSyncAnswer } from '~/lib/search-types';
import { searchImportMaxBytes } from '~/lib/search-query';
import { formatShortDay as dayLabel } from '~/lib/format';
import { answeredMessage, post } from '../data/post';
import { adminKeys, useQueryClient, useSearchProperties, useSearchStatus } from '../data/queries';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { DetailRow } from '../ui/detail-row';
import { Notice } from '../ui/notice';
import { TimeAgo } from '../ui/time-ago';
import { formatCount } from './figures';

const stateBadge = { ok: 'good', off: 'neutral', unshared: 'bad', error: 'bad' } as const;

/** A file's bytes as base64 (the import is sent as JSON). */
async function base64(file: File) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** This website's property, and the properties the service account may read (Google's sites.list). */
function PropertiesNote() {
  const { data } = useSearchProperties();
  if (!data || (data.email === null && data.readable === null)) return null;
  const { property, fromSetting } = data.thisSite;
  const unreadable = data.readable !== null && !data.readable.includes(property);
  return (
    <div className="mt-2 grid gap-1 text-sm" data-search-properties>
      <p className="text-ink">
        This website’s property: <span className="break-all">{property}</span> (
        {fromSetting ? 'GSC_PROPERTY' : 'the domain of SITE_URL; GSC_PROPERTY changes it'})
      </p>
      <p className="break-words text-muted" data-search-readable>
        {searchText.readableProperties(data)}
      </p>
      {unreadable && data.readable!.length > 0 && <p className="text-muted">{searchText.propertyNotReadable(property)}</p>}
    </div>
  );
}

export function SearchSourcesCard({ initial }: { initial?: SearchStatus }) {
  const status = useSearchStatus(initial);
  const queryClient = useQueryClient();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const fileId = useId();

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['search'] });

  async function syncNow() {
    setMessage(null);
    const { status: answered, body } = await post<SearchSyncAnswer>(adminApi.searchSync);
    if (answered === 202) setMessage({ tone: 'success', text: 'Sync started: the figures update when it ends.' });
    else setMessage({ tone: 'error', text: (body.ok ? undefined : body.error) ?? answeredMessage(answered) });
    await queryClient.invalidateQueries({ queryKey: adminKeys.searchStatus });
  }

  async function upload(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('export') as HTMLInputElement | null;
    const files = [...(input?.files ?? [])];
    if (files.length === 0) {
      setMessage({ tone: 'error', text: 'Choose the ZIP file Search Console exported, or its Queries.csv and Pages.csv.' });
      return;
    }
    if (files.reduce((sum, file) => sum + file.size, 0) > (searchImportMaxBytes * 3) / 4) {
      setMessage({ tone: 'error', text: searchText.importTooLarge });
      return;
    }
    setSending(true);
    setMessage(null);
    const answer = await post<SearchImportAnswer>(adminApi.searchImport, {
      files: await Promise.all(files.map(async (file) => ({ name: file.name, data: await base64(file) }))),
    });
    setSending(false);
    if (answer.status === 200 && answer.body.ok) {
      setMessage({ tone: 'success', text: answer.body.message });
      event.currentTarget?.reset();
      await refresh();
    } else setMessage({ tone: 'error', text: (answer.body.ok ? undefined : answer.body.error) ?? answeredMessage(answer.status) });
  }

  async function removeImport() {
    if (!window.confirm(searchImportOverlap.removeQuestion)) return;
    setMessage(null);
    const answer = await post<SearchImportRemovedAnswer>(adminApi.searchImport, undefined, 'DELETE');
    if (answer.status === 200 && answer.body.ok) setMessage({ tone: 'success', text: answer.body.message });
    else setMessage({ tone: 'error', text: (answer.body.ok ? undefined : answer.body.error) ?? answeredMessage(answer.status) });
    await refresh();
  }

  const data = status.data;
  // Times read against when the state was read.
  const now = status.dataUpdatedAt;
  return (
    <Card title="Search data sources">
      {status.error && <Notice tone="error">{status.error.message}</Notice>}
      <ul className="grid gap-4" data-search-sources>
        {data?.sources.map((source) => (
          <li key={source.source} className="rounded-lg border border-slate-200 p-3" data-search-source={source.source}>
            <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
              {source.label}{' '}
              <Badge variant={stateBadge[source.state]}>
                {source.source === 'import' && source.state === 'ok' ? searchText.importStateLabel : searchText.stateLabels[source.state]}
              </Badge>
            </p>
            <p className="mt-1 text-sm text-muted">{source.message}</p>
            {source.source === 'google' && <PropertiesNote />}
            <dl className="mt-2 text-sm">
              <DetailRow label={source.source === 'import' ? 'Imported' : 'Last sync'}>
                {source.lastAttemptAt ? <TimeAgo at={source.lastAttemptAt} now={now} /> : 'Never'}
              </DetailRow>
              <DetailRow label="Last success">{source.lastSuccessAt ? <TimeAgo at={source.lastSuccessAt} now={now} /> : 'Never'}</DetailRow>
              <DetailRow label="Rows stored">{formatCount(source.rowsStored)}</DetailRow>
              <DetailRow label="Data up to">{source.dataToDay ? dayLabel(source.dataToDay) : 'No data yet'}</DetailRow>
            </dl>
            {source.source === 'import' && (
              <div className="mt-2">
                <Button variant="secondary" onClick={() => void removeImport()} data-search-import-remove>
                  Remove the import
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <section className="mt-5 grid gap-2" data-search-sites>
        <h3 className="font-semibold text-ink">{searchText.clientSitesTitle}</h3>
        <p className="text-sm text-muted">{searchText.clientSitesIntro}</p>
        {data && data.sites.length === 0 && <p className="text-sm text-muted">{searchText.noClientSites}</p>}
        <ul className="grid gap-3">
          {data?.sites.map((site) => (
            <li key={site.id} className="rounded-lg border border-slate-200 p-3" data-search-site={site.id}>
              <p className="font-semibold break-all text-ink">{site.name}</p>
              <p className="text-sm break-all text-muted">
                {site.url} · Search Console property {site.property}
              </p>
              <ul className="mt-2 grid gap-2 text-sm">
                {site.sources.map((source) => (
                  <li key={source.source} data-search-site-source={source.source}>
                    <span className="flex flex-wrap items-center gap-2 font-medium text-ink">
                      {source.label} <Badge variant={stateBadge[source.state]}>{searchText.stateLabels[source.state]}</Badge>
                      {source.dataToDay && <span className="font-normal text-muted">data up to {dayLabel(source.dataToDay)}</span>}
                    </span>
                    <span className="text-muted">{source.message}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      {data && (
        <p className="mt-3 text-sm text-muted">
          {data.running ? (
            'A sync is running now.'
          ) : data.nextRunAt ? (
            <>
              Next daily sync: <TimeAgo at={data.nextRunAt} now={now} />.
            </>
          ) : (
            'No daily sync: no source is connected, or this server was not started with npm start.'
          )}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void syncNow()} disabled={data?.running}>
          Sync now
        </Button>
      </div>
      <form className="mt-5 grid gap-2" onSubmit={(event) => void upload(event)} data-search-import>
        <h3 className="font-semibold text-ink">Import a Search Console export</h3>
        <p className="text-sm text-muted">
          Without API access: in Search Console, Performance → Export → Download CSV, then choose that ZIP file here (or its Queries.csv and Pages.csv, with
          Dates.csv for the day-by-day figures). A new import replaces the previous one. It counts as Google's, so it fills only the days the Search Console API
          has not synced: days the API has are left as they are, never counted twice.
        </p>
        <label htmlFor={fileId} className="text-sm font-medium text-ink">
          Export file(s)
        </label>
        <input id={fileId} name="export" type="file" multiple accept=".zip,.csv,application/zip,text/csv" className="text-sm" />
        <div>
          <Button type="submit" disabled={sending}>
            {sending ? 'Importing…' : 'Import'}
          </Button>
        </div>
      </form>
      {message && (
        <div className="mt-3">
          <Notice tone={message.tone}>{message.text}</Notice>
        </div>
      )}
    </Card>
  );
}
