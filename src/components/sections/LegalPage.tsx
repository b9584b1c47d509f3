import type { ReactNode } from 'react';
import { formatDate, isoDay } from '~/lib/format';
import { PageHero } from '~/components/ui/PageHero';

export function LegalPage({ name, updated, children }: { name: string; updated: Date; children: ReactNode }) {
  return (
    <>
      <PageHero title={name} />
      <div className="container-page">
        <p className="mb-8 text-sm text-muted">
          Last updated: <time dateTime={isoDay(updated)}>{formatDate(updated)}</time>
        </p>
        <div className="prose">{children}</div>
      </div>
    </>
  );
}
