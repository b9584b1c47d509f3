/** Goals beside enquiries: 404 visits (listed by path and the site that linked there), outbound clicks, the clicks on the checklist and the free audit. */
import { goals } from '~/config/analytics';
import type { AnalyticsView } from '~/lib/admin-types';
import { Card, ScrollArea } from '../ui/primitives';

function change(count: number, previous: number) {
  if (count === previous) return 'same as the period before';
  return `${count > previous ? 'up' : 'down'} ${Math.abs(count - previous).toLocaleString('en-GB')} on the period before (${previous.toLocaleString('en-GB')})`;
}

export function GoalsCard({ view, filtered }: { view: AnalyticsView; filtered: boolean }) {
  return (
    <Card title="Goals" headingLevel={3} className="min-w-0">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {view.goals.map((g) => (
          <li key={g.id} className="rounded-lg border border-slate-200 p-3" data-goal={g.id}>
            <p className="text-sm font-medium text-muted">{goals.find((d) => d.id === g.id)!.label}</p>
            <p className="text-2xl font-bold text-ink" data-value>
              {g.count.toLocaleString('en-GB')}
            </p>
            <p className="text-xs text-muted">{change(g.count, g.previous)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-4 grid min-w-0 gap-4 lg:grid-cols-2">
        <div className="min-w-0">
          <h4 className="mb-2 font-semibold text-ink">Missing pages (404)</h4>
          {view.notFound.length === 0 ? (
            <p className="text-muted">No visits to a missing page.</p>
          ) : (
            <ScrollArea label="Visits to missing pages">
              <table className="w-full text-sm" data-not-found>
                <thead>
                  <tr className="text-left text-muted">
                    <th scope="col" className="pb-2 font-medium">
                      Path
                    </th>
                    <th scope="col" className="pb-2 font-medium">
                      Linked from
                    </th>
                    <th scope="col" className="pb-2 text-right font-medium">
                      Visits
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {view.notFound.slice(0, 50).map((r) => (
                    <tr key={`${r.path} ${r.referrer}`} className="border-t border-slate-100">
                      <td className="py-1 pr-2 [overflow-wrap:anywhere]">{r.path}</td>
                      <td className="py-1 pr-2 [overflow-wrap:anywhere]">{r.referrer || 'No referring site'}</td>
                      <td className="py-1 text-right font-semibold tabular-nums">{r.count.toLocaleString('en-GB')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollArea>
          )}
        </div>
        <div className="min-w-0">
          <h4 className="mb-2 font-semibold text-ink">Links followed to other sites</h4>
          {view.outbound.length === 0 ? (
            <p className="text-muted">No clicks on links to other sites.</p>
          ) : (
            <table className="w-full text-sm" data-outbound>
              <thead>
                <tr className="text-left text-muted">
                  <th scope="col" className="pb-2 font-medium">
                    Site
                  </th>
                  <th scope="col" className="pb-2 text-right font-medium">
                    Clicks
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.outbound.slice(0, 50).map((r) => (
                  <tr key={r.value} className="border-t border-slate-100">
                    <td className="py-1 pr-2 [overflow-wrap:anywhere]">{r.label}</td>
                    <td className="py-1 text-right font-semibold tabular-nums">{r.count.toLocaleString('en-GB')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
      <p className="mt-3 text-sm text-muted">
        Counted without cookies, from the daily totals{filtered ? ', for all visits (the filter above does not apply to goals)' : ''}. Enquiries are counted
        below.
      </p>
    </Card>
  );
}
