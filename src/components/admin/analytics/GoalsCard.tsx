/** Goals beside enquiries: 404 visits (listed by path and the site that linked there), outbound clicks, the clicks on the checklist and the free audit. */
import { goals } from '~/config/analytics';
import type { AnalyticsView } from '~/lib/admin-types';
import { Card } from '../ui/card';
import { ScrollArea } from '../ui/scroll-area';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';

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
              <Table data-not-found>
                <TableHeader>
                  <TableRow>
                    <TableHead>Path</TableHead>
                    <TableHead>Linked from</TableHead>
                    <TableHead numeric>Visits</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {view.notFound.slice(0, 50).map((r) => (
                    <TableRow key={`${r.path} ${r.referrer}`}>
                      <TableCell className="pr-2 [overflow-wrap:anywhere]">{r.path}</TableCell>
                      <TableCell className="pr-2 [overflow-wrap:anywhere]">{r.referrer || 'No referring site'}</TableCell>
                      <TableCell numeric className="font-semibold">
                        {r.count.toLocaleString('en-GB')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollArea>
          )}
        </div>
        <div className="min-w-0">
          <h4 className="mb-2 font-semibold text-ink">Links followed to other sites</h4>
          {view.outbound.length === 0 ? (
            <p className="text-muted">No clicks on links to other sites.</p>
          ) : (
            <Table data-outbound>
              <TableHeader>
                <TableRow>
                  <TableHead>Site</TableHead>
                  <TableHead numeric>Clicks</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {view.outbound.slice(0, 50).map((r) => (
                  <TableRow key={r.value}>
                    <TableCell className="pr-2 [overflow-wrap:anywhere]">{r.label}</TableCell>
                    <TableCell numeric className="font-semibold">
                      {r.count.toLocaleString('en-GB')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
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
