/**
 * Performance: Core Web Vitals from real visits (p75, share good / needs improvement / poor, samples) site-wide and
 * per page, phones and tablets apart from laptops and desktops; a page's daily trend on request.
 */
import { useState } from 'react';
import { analyticsRules, type FormFactor, formFactors, vitalMetrics } from '~/config/analytics';
import type { PerformanceData, VitalSummary, VitalTrend } from '~/lib/admin-types';
import { formatVital, percent, ratingLabels, ratingOfValue, thresholdText } from '~/lib/analytics-figures';
import { formatShortDay } from '~/lib/format';
import { adminKeys, useQueryClient, useVitalTrend } from '../data/queries';
import { Badge, type BadgeVariant } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Notice } from '../ui/notice';
import { ScrollArea } from '../ui/scroll-area';
import { SegmentedControl } from '../ui/segmented-control';
import { plural } from '~/lib/plural.mjs';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';

const ratingBadge: Record<string, BadgeVariant> = { good: 'good', 'needs-improvement': 'warn', poor: 'bad' };

function P75({ vital }: { vital: VitalSummary }) {
  if (vital.p75 === null) return <span className="text-muted">Not enough data</span>;
  const rating = ratingOfValue(vital.metric, vital.p75);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-semibold tabular-nums">{formatVital(vital.metric, vital.p75)}</span>
      <Badge variant={ratingBadge[rating]}>{ratingLabels[rating]}</Badge>
    </span>
  );
}

function Shares({ vital }: { vital: VitalSummary }) {
  if (vital.samples === 0) return null;
  const parts = [
    { label: 'good', count: vital.good, className: 'bg-emerald-600' },
    { label: 'needs improvement', count: vital.needsImprovement, className: 'bg-amber-500' },
    { label: 'poor', count: vital.poor, className: 'bg-red-600' },
  ];
  return (
    <div className="mt-2">
      <div className="flex h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        {parts.map((p) => (
          <span key={p.label} className={p.className} style={{ width: `${(p.count / vital.samples) * 100}%` }} />
        ))}
      </div>
      <p className="mt-1 text-xs text-muted">{parts.map((p) => `${percent(p.count / vital.samples)} ${p.label}`).join(', ')}</p>
    </div>
  );
}

const of = (vitals: VitalSummary[], formFactor: FormFactor) => vitals.filter((v) => v.formFactor === formFactor);
const lcpSamples = (vitals: VitalSummary[]) => vitals.find((v) => v.metric === 'LCP')?.samples ?? 0;

export function PerformancePanel({ data }: { data: PerformanceData }) {
  const [formFactor, setFormFactor] = useState<FormFactor>('mobile');
  const trendQueryClient = useQueryClient();
  const [trendPath, setTrendPath] = useState<string | null>(null);
  const trendQuery = useVitalTrend(trendPath);
  const trend = trendQuery.data?.trend ?? null;
  const trendError = trendQuery.error ? trendQuery.error.message || 'The trend could not be loaded.' : null;
  const loading = trendQuery.isFetching ? trendPath : null;
  const site = of(data.siteWide, formFactor);
  const pages = data.pages.filter((p) => of(p.vitals, formFactor).some((v) => v.samples > 0));

  /** Shows a page's trend, asked for afresh each time (the figures move with every visit). */
  function showTrend(path: string) {
    setTrendPath(path);
    void trendQueryClient.invalidateQueries({ queryKey: adminKeys.vitalTrend(path) });
  }

  return (
    <div className="grid min-w-0 gap-6">
      <h2 className="sr-only">Performance</h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-muted">
          Core Web Vitals measured in visitors' own browsers over the last 30 days ({formatShortDay(data.from)} – {formatShortDay(data.to)}). Each figure is the
          75th percentile, as Google rates pages; under {analyticsRules.minVitalSamples} samples it is not shown.
        </p>
        <SegmentedControl legend="Devices" name="form-factor" options={formFactors} value={formFactor} onChange={setFormFactor} />
      </div>

      <section aria-labelledby="site-vitals">
        <h3 id="site-vitals" className="mb-3 text-lg font-semibold text-ink">
          Whole site
        </h3>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {site.map((vital) => {
            const metric = vitalMetrics.find((m) => m.id === vital.metric)!;
            return (
              <li key={vital.metric} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-vital={vital.metric}>
                <p className="text-sm font-medium text-ink">
                  <abbr title={metric.label} className="no-underline">
                    {metric.id}
                  </abbr>{' '}
                  <span className="sr-only">({metric.label})</span>
                </p>
                <p className="text-xs text-muted" data-plain>
                  {metric.plain}; {thresholdText(metric.id)}
                </p>
                <p className="mt-1 text-lg">
                  <P75 vital={vital} />
                </p>
                <p className="mt-1 text-xs text-muted" data-samples={vital.samples}>
                  {plural(vital.samples, 'sample')}
                </p>
                <Shares vital={vital} />
              </li>
            );
          })}
        </ul>
      </section>

      <Card title="By page" headingLevel={3} className="min-w-0">
        <dl className="mb-3 grid gap-1 text-sm sm:grid-cols-2" data-vital-legend>
          {vitalMetrics.map((m) => (
            <div key={m.id}>
              <dt className="inline font-semibold text-ink">{m.id}</dt>
              <dd className="inline text-muted">
                {' '}
                — {m.plain} ({thresholdText(m.id)})
              </dd>
            </div>
          ))}
        </dl>
        {pages.length === 0 ? (
          <p className="text-muted">No measurements from {formFactors.find((f) => f.id === formFactor)!.label.toLowerCase()} yet.</p>
        ) : (
          <ScrollArea label="Core Web Vitals by page">
            <Table className="min-w-[40rem]" data-vitals-pages>
              <TableHeader>
                <TableRow>
                  <TableHead className="sticky left-0 z-20 w-36 bg-white shadow-[1px_0_0_0_var(--color-slate-200)]">Page</TableHead>
                  {vitalMetrics.map((m) => (
                    <TableHead key={m.id}>
                      <abbr title={m.label}>{m.id}</abbr>
                    </TableHead>
                  ))}
                  <TableHead numeric>Page views measured</TableHead>
                  <TableHead>
                    <span className="sr-only">Trend</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {pages.map((page) => {
                  const vitals = of(page.vitals, formFactor);
                  return (
                    <TableRow key={page.path} className="align-top">
                      <TableHead
                        scope="row"
                        className="sticky left-0 z-20 w-36 max-w-36 min-w-36 bg-white py-2 pr-2 text-left font-medium [overflow-wrap:anywhere] shadow-[1px_0_0_0_var(--color-slate-200)]"
                      >
                        {page.path}
                      </TableHead>
                      {vitals.map((v) => (
                        <TableCell key={v.metric} className="py-2 pr-2 pl-2">
                          {v.p75 === null ? <span className="text-muted">–</span> : <P75 vital={v} />}
                        </TableCell>
                      ))}
                      <TableCell numeric className="py-2">
                        {lcpSamples(vitals)}
                      </TableCell>
                      <TableCell className="py-2 pl-2 text-right">
                        <Button size="sm" variant="secondary" onClick={() => showTrend(page.path)} disabled={loading === page.path}>
                          {loading === page.path ? (
                            'Loading…'
                          ) : (
                            <>
                              Trend<span className="sr-only"> for {page.path}</span>
                            </>
                          )}
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </ScrollArea>
        )}
        {trendError && <Notice tone="error">{trendError}</Notice>}
      </Card>

      {trend && <TrendCard trend={trend} formFactor={formFactor} />}
    </div>
  );
}

function TrendCard({ trend, formFactor }: { trend: VitalTrend; formFactor: FormFactor }) {
  const days = trend.days.filter((d) => of(d.vitals, formFactor).some((v) => v.samples > 0));
  return (
    <Card title={`Trend for ${trend.path}, last 30 days`} headingLevel={3} className="min-w-0">
      <p className="mb-2 text-sm text-muted">
        Each day shows the 75th percentile of the {trend.windowDays} days ending that day, and how many page views were measured in them.
      </p>
      {days.length === 0 ? (
        <p className="text-muted">No measurements of this page from these devices in the last 30 days.</p>
      ) : (
        <ScrollArea label="Trend by day">
          <Table className="min-w-[36rem]" data-vitals-trend>
            <TableHeader>
              <TableRow>
                <TableHead>Day</TableHead>
                {vitalMetrics.map((m) => (
                  <TableHead key={m.id}>
                    <abbr title={m.label}>{m.id}</abbr> (p75)
                  </TableHead>
                ))}
                <TableHead numeric>Page views measured</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {days.map((d) => {
                const vitals = of(d.vitals, formFactor);
                return (
                  <TableRow key={d.day}>
                    <TableHead scope="row" className="py-1.5 text-left font-normal">
                      {formatShortDay(d.day)}
                    </TableHead>
                    {vitals.map((v) => (
                      <TableCell key={v.metric} className="py-1.5">
                        {v.p75 === null ? <span className="text-muted">Not enough data</span> : formatVital(v.metric, v.p75)}
                      </TableCell>
                    ))}
                    <TableCell numeric className="py-1.5">
                      {lcpSamples(vitals)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </ScrollArea>
      )}
    </Card>
  );
}
