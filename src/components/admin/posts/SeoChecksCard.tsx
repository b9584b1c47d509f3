/** The site checker's rules over what is typed, as the owner types. */
import type { postChecks } from '~/lib/posts';
import { Badge } from '../ui/badge';
import { Card } from '../ui/card';

export function SeoChecksCard({ checks }: { checks: ReturnType<typeof postChecks> }) {
  return (
    <Card title="SEO checks">
      {checks.length === 0 ? (
        <p className="text-sm text-emerald-900">Nothing to fix: the site checker’s rules all pass.</p>
      ) : (
        <ul className="grid gap-2 text-sm" aria-live="polite">
          {checks.map((c, i) => (
            <li key={`${c.rule}-${i}`} className="rounded-lg border border-slate-200 p-2">
              <Badge variant={c.severity === 'error' ? 'bad' : c.severity === 'warning' ? 'warn' : 'neutral'}>
                {c.severity === 'error' ? 'Error' : c.severity === 'warning' ? 'Warning' : 'Notice'}
              </Badge>{' '}
              <span className="font-semibold text-ink">{c.title}</span>
              <span className="block text-slate-700">{c.detail}</span>
              <span className="block text-muted">Fix: {c.fix}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
