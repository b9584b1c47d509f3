/**
 * Sites → Quiet hours: the hours (UK time) in which alerts that are not urgent are held, set and cleared here, kept
 * in the database; while the server's settings set them (WATCH_QUIET_HOURS), they are shown and cannot be changed here.
 */
import { type SubmitEvent, useState } from 'react';
import { adminApi } from '~/config/admin';
import { watchQuietHours as text } from '~/config/watch';
import { toast } from '~/lib/toast';
import { quietHoursForm } from '~/lib/watch-forms';
import type { WatchQuietHours, WatchQuietHoursAnswer, WatchSitesAnswer } from '~/lib/watch-types';
import { post } from '../data/post';
import { adminKeys, useQueryClient } from '../data/queries';
import { useAdminForm } from '../data/use-admin-form';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { Notice } from '../ui/notice';

export function QuietHoursCard({ quietHours }: { quietHours: WatchQuietHours }) {
  const form = useAdminForm();
  const [clearing, setClearing] = useState(false);
  const queryClient = useQueryClient();
  const { from, to, source } = quietHours;

  /** The sites' query holds the hours too: the answer replaces them there. */
  const show = (next: WatchQuietHours) => queryClient.setQueryData<WatchSitesAnswer>(adminKeys.watchSites, (old) => (old ? { ...old, quietHours: next } : old));

  const save = (event: SubmitEvent<HTMLFormElement>) =>
    form.submit(event, {
      schema: quietHoursForm,
      url: adminApi.watch.quietHours,
      onSuccess: (answer: WatchQuietHoursAnswer) => {
        show(answer.quietHours);
        toast({ title: text.saved, variant: 'success' });
      },
    });

  async function clear() {
    setClearing(true);
    const { body } = await post<WatchQuietHoursAnswer>(adminApi.watch.quietHours, {}, 'DELETE');
    setClearing(false);
    if (!body.ok) return form.setMessage({ tone: 'error', text: body.error ?? '' });
    show(body.quietHours);
    toast({ title: text.cleared, variant: 'success' });
  }

  const busy = form.busy || clearing;
  return (
    <Card title={text.title} headingLevel={3}>
      <p className="text-sm text-muted">{text.explain}</p>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-ink" data-quiet-hours={source ?? 'none'}>
        {source === null ? (
          <>
            <Badge variant="neutral">None</Badge> {text.none}
          </>
        ) : (
          <>
            <Badge variant="info">On</Badge> {source === 'server' ? text.server(from!, to!) : text.admin(from!, to!)}
          </>
        )}
      </p>
      {source !== 'server' && (
        <form method="post" noValidate onSubmit={save} className="mt-3 grid gap-4">
          {/* Keyed by the hours in force, so the fields show them again after a save or a clear. */}
          <div key={`${from}-${to}`} className="grid gap-4 sm:grid-cols-2">
            <Field label="From (UK time)" name="from" type="time" defaultValue={from ?? '22:00'} error={form.errors.from} disabled={busy} required />
            <Field label="Until (UK time)" name="to" type="time" defaultValue={to ?? '07:00'} error={form.errors.to} disabled={busy} required />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {source === null ? 'Set quiet hours' : 'Save quiet hours'}
            </Button>
            {source === 'admin' && (
              <Button variant="secondary" onClick={() => void clear()} disabled={busy}>
                Clear quiet hours
              </Button>
            )}
          </div>
        </form>
      )}
      {form.message && <Notice tone={form.message.tone}>{form.message.text}</Notice>}
    </Card>
  );
}
