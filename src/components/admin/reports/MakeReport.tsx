/** A report made here, for a month or any span of days, and last month's drafts prepared now. */
import { type SubmitEvent, useId, useState } from 'react';
import { adminApi } from '~/config/admin';
import { reportSchedule } from '~/config/report';
import { monthBefore, monthOf } from '~/lib/days.mjs';
import { makeReportForm } from '~/lib/report-forms';
import type { ReportsAnswer } from '~/lib/report-types';
import { post } from '../data/post';
import { useAdminMutation } from '../data/use-admin-mutation';
import { Select } from '../ui/input';
import { adminKeys } from '../data/queries';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { SegmentedControl } from '../ui/segmented-control';
import { failed } from './report-ui';

/** A date input with its label and error, tied together for screen readers. */
function DateInput({
  id,
  name,
  label,
  type,
  defaultValue,
  error,
}: {
  id: string;
  name: string;
  label: string;
  type: 'month' | 'date';
  defaultValue: string;
  error?: string;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={defaultValue}
        className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-ink"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

const spans = [
  { id: 'month', label: 'A month' },
  { id: 'days', label: 'Other days' },
] as const;

export function MakeReport({ sites, now, onMade }: { sites: ReportsAnswer['sites']; now: number; onMade: (id: string) => void }) {
  const ids = useId();
  const prepareNow = useAdminMutation<void, { ok: true; message: string }>({
    url: adminApi.reports.prepare,
    failure: 'Not prepared',
    success: (answer) => ({ title: 'Reports prepared', description: answer.message }),
    invalidates: [adminKeys.reports],
  });
  const preparing = prepareNow.busy;
  const prepare = () => prepareNow.run();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [span, setSpan] = useState<(typeof spans)[number]['id']>('month');
  // UK time, as the server's schedule reckons it (UTC would say the month before for the first hour of a summer month).
  const lastMonth = monthBefore(monthOf(now));
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const checked = makeReportForm.safeParse(
      span === 'month' ? { site: fields.site, month: fields.month } : { site: fields.site, from: fields.from, to: fields.to },
    );
    if (!checked.success) return setErrors(Object.fromEntries(checked.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
    setErrors({});
    setBusy(true);
    const { body } = await post<{ ok: true; id: string }>(adminApi.reports.list, checked.data);
    setBusy(false);
    if (!body.ok && body.errors) return setErrors(body.errors);
    if (!body.ok) return failed('Report not made', body);
    onMade(String(body.id));
  }
  return (
    <Card title="Make a report">
      <p className="mb-3 text-sm text-muted">
        Last month’s report of every site is drafted on day {reportSchedule.dayOfMonth} of each month and you are e-mailed. Make one here for any month (a
        month’s draft is read again) or any other days.
      </p>
      <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <div className="w-fit">
          <SegmentedControl legend="Period" name="span" options={spans} value={span} onChange={setSpan} />
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {/* A select is as wide as its longest site name: it may shrink to the line (min-w-0), the name cut short. */}
          <div className="flex max-w-full min-w-0 flex-col gap-1">
            <label htmlFor={`${ids}-site`} className="font-medium text-ink">
              Site
            </label>
            <Select
              id={`${ids}-site`}
              name="site"
              aria-invalid={errors.site ? true : undefined}
              aria-describedby={errors.site ? `${ids}-site-error` : undefined}
            >
              {sites.map((site) => (
                <option key={site.key} value={site.key}>
                  {site.name}
                </option>
              ))}
            </Select>
            {errors.site && (
              <p id={`${ids}-site-error`} className="text-sm font-medium text-red-800">
                {errors.site}
              </p>
            )}
          </div>
          {span === 'month' ? (
            <DateInput id={`${ids}-month`} name="month" label="Month" type="month" defaultValue={lastMonth} error={errors.month} />
          ) : (
            <>
              <DateInput id={`${ids}-from`} name="from" label="First day" type="date" defaultValue={`${lastMonth}-01`} error={errors.from} />
              <DateInput id={`${ids}-to`} name="to" label="Last day" type="date" defaultValue={`${lastMonth}-15`} error={errors.to} />
            </>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? 'Making…' : 'Make report'}
          </Button>
        </div>
      </form>
      <div className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
        <Button variant="secondary" disabled={preparing} onClick={() => void prepare()}>
          {preparing ? 'Preparing…' : 'Prepare last month’s drafts now'}
        </Button>
        <p className="text-sm text-muted">As the schedule does: every site’s report, once.</p>
      </div>
    </Card>
  );
}
