import { business } from '~/config/business';
import { CtaButtons } from '~/components/ui/CtaButtons';
import { Stars } from '~/components/ui/Icon';

const claims = [
  { value: business.claims.projectsCompleted, label: 'projects delivered' },
  { value: business.claims.satisfaction, label: 'client satisfaction' },
  { value: business.claims.averageTrafficIncrease, label: 'average traffic increase' },
  { value: `${business.responseTimeHours}h`, label: 'response time' },
];

export function Hero({ reviewCount }: { reviewCount: number }) {
  return (
    <div className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="container-page py-16 sm:py-24">
        <p className="eyebrow">
          {business.address.locality}, {business.address.region}
        </p>
        <h1 className="mt-3 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-6xl">
          SEO and web design that turn local searches into customers
        </h1>
        <p className="mt-6 max-w-2xl text-xl leading-relaxed text-slate-700">
          I'm {business.owner.name}. I build fast, accessible websites and run SEO that gets {business.address.region} businesses found, with transparent prices
          and reports in plain English.
        </p>
        <CtaButtons className="mt-8" />
        <p className="mt-6 flex items-center gap-2 text-sm text-muted">
          <Stars className="h-4" />
          <span>
            {business.rating.value.toFixed(1)} from{' '}
            <a href="#reviews" className="link">
              {reviewCount} client reviews
            </a>
          </span>
        </p>
        <dl className="mt-12 grid max-w-4xl grid-cols-2 gap-6 sm:grid-cols-4">
          {claims.map((claim) => (
            <div key={claim.label} className="border-l-4 border-brand-600 pl-4">
              <dt className="text-sm text-muted">{claim.label}</dt>
              <dd className="text-3xl font-extrabold text-ink">{claim.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
