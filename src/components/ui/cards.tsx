import { Icon, Stars, type IconName } from './Icon';
import { Picture, type PictureData } from './Picture';

export function LinkCard({ href, title, text, icon, cta = 'Learn more' }: { href: string; title: string; text: string; icon?: IconName; cta?: string }) {
  return (
    <article className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      {icon && (
        <span className="mb-4 inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon name={icon} className="h-6 w-6" />
        </span>
      )}
      <h3 className="text-xl font-semibold text-ink">
        <a href={href} className="no-underline after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700">
          {title}
        </a>
      </h3>
      <p className="mt-3 flex-1 text-slate-700">{text}</p>
      <p aria-hidden="true" className="mt-4 inline-flex items-center gap-1 font-semibold text-brand-700">
        {cta} <Icon name="arrow" className="h-4 w-4 transition-transform group-hover:translate-x-1" />
      </p>
    </article>
  );
}

export interface CaseStudySummary {
  id: string;
  href: string | null;
  title: string;
  client: string;
  industry: string;
  summary: string;
  headline: string;
  externalUrl?: string;
  metrics: { timeline: string; traffic: string; conversions: string; revenue: string };
  images?: { before: PictureData; after: PictureData; pagespeed?: { mobile: PictureData; desktop: PictureData } };
}

export function BeforeAfter({ images, className = '' }: { images: NonNullable<CaseStudySummary['images']>; className?: string }) {
  return (
    <div className={`grid grid-cols-2 gap-3 ${className}`}>
      {(['before', 'after'] as const).map((stage) => (
        <figure key={stage} className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          <Picture data={images[stage]} />
          <figcaption className="px-3 py-1.5 text-xs font-semibold tracking-wide text-muted uppercase">{stage === 'before' ? 'Before' : 'After'}</figcaption>
        </figure>
      ))}
    </div>
  );
}

export const metricLabels = { timeline: 'Timeline', traffic: 'Organic traffic', conversions: 'Enquiries', revenue: 'Revenue impact' } as const;

export function MetricGrid({ metrics, compact = false }: { metrics: CaseStudySummary['metrics']; compact?: boolean }) {
  return (
    <dl className={`grid grid-cols-2 gap-3 ${compact ? '' : 'sm:grid-cols-4'}`}>
      {(Object.keys(metricLabels) as (keyof typeof metricLabels)[]).map((key) => (
        <div key={key} className="rounded-xl bg-slate-50 p-3">
          <dt className="text-xs font-semibold tracking-wide break-words text-muted uppercase">{metricLabels[key]}</dt>
          <dd className={`mt-1 font-bold text-ink ${compact ? 'text-sm' : 'text-xl'}`}>{metrics[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

export function CaseStudyCard({ study, headingLevel = 3 }: { study: CaseStudySummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <p>
        <span className="inline-block rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-accent">{study.headline}</span>
      </p>
      <p className="mt-3 text-sm font-medium text-muted">
        {study.client} · {study.industry}
      </p>
      <Heading className="mt-1 text-xl font-semibold text-ink">{study.title}</Heading>
      <p className="mt-3 flex-1 text-slate-700">{study.summary}</p>
      <div className="mt-5 rounded-xl border border-slate-200 p-3">
        <p className="mb-2 text-sm font-semibold text-ink">Results</p>
        <MetricGrid metrics={study.metrics} compact />
      </div>
      {study.images && <BeforeAfter images={study.images} className="mt-4" />}
      {/* The PageSpeed screenshots are on the project's page; a card shows them only when there is none (on /portfolio
          they cost a second round trip for the page). */}
      {study.images?.pagespeed && !study.href && (
        <details className="mt-4 rounded-xl border border-slate-200">
          <summary className="cursor-pointer px-3 py-2 text-sm font-semibold text-brand-700">PageSpeed scores after launch</summary>
          <div className="grid gap-2 p-3">
            <Picture data={study.images.pagespeed.mobile} />
            <Picture data={study.images.pagespeed.desktop} />
          </div>
        </details>
      )}
      <div className="mt-5 flex flex-wrap gap-3">
        {study.href && (
          <a href={study.href} className="btn-primary">
            View Project<span className="sr-only">: {study.title}</span>
          </a>
        )}
        {study.externalUrl && (
          <a href={study.externalUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary">
            Visit the site<span className="sr-only"> of {study.client} (opens in a new tab)</span>
            <Icon name="external" className="h-4 w-4" />
          </a>
        )}
      </div>
    </article>
  );
}

export interface TestimonialSummary {
  name: string;
  role: string;
  quote: string;
  rating: number;
  avatar?: PictureData;
  caseStudyHref?: string;
}

function initials(name: string) {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function TestimonialCard({ testimonial }: { testimonial: TestimonialSummary }) {
  return (
    <figure className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <Stars count={testimonial.rating} />
      <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-slate-800">
        <p>“{testimonial.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        {testimonial.avatar ? (
          <span className="block h-12 w-12 shrink-0 overflow-hidden rounded-full">
            <Picture data={testimonial.avatar} />
          </span>
        ) : (
          <span aria-hidden="true" className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
            {initials(testimonial.name)}
          </span>
        )}
        <span>
          <span className="block font-semibold text-ink">{testimonial.name}</span>
          <span className="block text-sm text-muted">{testimonial.role}</span>
          {testimonial.caseStudyHref && (
            <a href={testimonial.caseStudyHref} className="link mt-1 block text-sm">
              Read the case study<span className="sr-only"> for {testimonial.name}</span>
            </a>
          )}
        </span>
      </figcaption>
    </figure>
  );
}
