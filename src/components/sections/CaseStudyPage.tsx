import type { ReactNode } from 'react';
import { staticPages } from '~/config/pages';
import { BeforeAfter, type CaseStudySummary, MetricGrid } from '~/components/ui/cards';
import { Picture } from '~/components/ui/Picture';
import { CtaBand } from '~/components/ui/CtaBand';
import { Icon } from '~/components/ui/Icon';
import { PageHero } from '~/components/ui/PageHero';

interface Props {
  study: CaseStudySummary;
  location: string;
  services: string[];
  children: ReactNode;
}

export function CaseStudyPage({ study, location, services, children }: Props) {
  return (
    <>
      <PageHero eyebrow={`Case study · ${study.industry}`} title={study.title} lead={study.summary} />
      <div className="container-page">
        <section aria-labelledby="results-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-heading" className="text-xl font-bold text-ink">
              Results at a glance
            </h2>
            <span className="rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-accent">{study.headline}</span>
          </div>
          <div className="mt-5">
            <MetricGrid metrics={study.metrics} />
          </div>
        </section>
        <div className="mt-12 grid gap-12 lg:grid-cols-[1fr_18rem]">
          <div>
            <div className="prose">{children}</div>
            {study.images && (
              <section aria-labelledby="before-after-heading" className="mt-10">
                <h2 id="before-after-heading" className="text-2xl font-bold text-ink">
                  Before and after
                </h2>
                <BeforeAfter images={study.images} className="mt-5 gap-4 sm:gap-6" />
              </section>
            )}
            {study.images?.pagespeed && (
              <section aria-labelledby="pagespeed-heading" className="mt-10">
                <h2 id="pagespeed-heading" className="text-2xl font-bold text-ink">
                  PageSpeed after launch
                </h2>
                <div className="mt-5 grid gap-4">
                  <Picture data={study.images.pagespeed.mobile} className="rounded-xl" />
                  <Picture data={study.images.pagespeed.desktop} className="rounded-xl" />
                </div>
              </section>
            )}
          </div>
          <aside aria-label="Project details" className="space-y-6 lg:sticky lg:top-24 lg:self-start">
            <dl className="space-y-4 rounded-2xl bg-slate-50 p-6 text-sm">
              <div>
                <dt className="font-semibold text-muted">Client</dt>
                <dd className="mt-1 text-base text-ink">{study.client}</dd>
              </div>
              <div>
                <dt className="font-semibold text-muted">Location</dt>
                <dd className="mt-1 text-base text-ink">{location}</dd>
              </div>
              <div>
                <dt className="font-semibold text-muted">Services</dt>
                <dd className="mt-1 text-base text-ink">{services.join(', ')}</dd>
              </div>
            </dl>
            {study.externalUrl && (
              <a href={study.externalUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary w-full">
                Visit the site<span className="sr-only"> (opens in a new tab)</span>
                <Icon name="external" className="h-4 w-4" />
              </a>
            )}
            <a href={staticPages.portfolio.path} className="link block">
              All case studies
            </a>
          </aside>
        </div>
      </div>
      <CtaBand title="Want results like these?" />
    </>
  );
}
