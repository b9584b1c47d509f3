import { paths } from '~/config/paths';
import { formatGbp, pricingPlans, pricingTerms } from '~/config/pricing';
import { FaqList, type FaqItem } from '~/components/ui/FaqList';
import { Icon } from '~/components/ui/Icon';
import { Section } from '~/components/ui/Section';

const timeline = [
  {
    months: 'Months 1–3',
    title: 'Foundation',
    text: 'Audit, technical fixes, keyword mapping and Google Business Profile work. Early gains from fixing what holds the site back.',
  },
  { months: 'Months 4–6', title: 'Growth', text: 'New and improved content, link building and local signals. Rankings and enquiries start to climb steadily.' },
  { months: 'Months 7–12', title: 'Scaling', text: 'Expanding into wider and more valuable searches, refining what converts and compounding the results.' },
];

export function PricingPlans({ faqs, reveal = false }: { faqs: FaqItem[]; reveal?: boolean }) {
  return (
    <Section
      reveal={reveal}
      id="pricing"
      eyebrow="Pricing"
      title="Transparent Pricing for SEO Services"
      lead={`Monthly plans with no hidden extras. ${pricingTerms.minimumTermMonths}-month minimum, then ${pricingTerms.noticeDays} days' notice. Monthly reporting on every plan, and a free ${pricingTerms.consultationMinutes}-minute consultation to start.`}
      tone="muted"
    >
      <ul className="grid gap-6 lg:grid-cols-3">
        {pricingPlans.map((plan) => (
          <li
            key={plan.name}
            className={`relative flex flex-col rounded-2xl border bg-white p-7 shadow-sm ${plan.popular ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'}`}
          >
            {plan.popular && (
              <p className="absolute -top-3 left-7 rounded-full bg-brand-600 px-3 py-1 text-xs font-bold tracking-wide text-white uppercase">Most Popular</p>
            )}
            <h3 className="text-xl font-bold text-ink">{plan.name}</h3>
            <p className="mt-2 text-slate-700">{plan.description}</p>
            <p className="mt-5">
              <span className="text-4xl font-extrabold text-ink">{formatGbp(plan.price)}</span>
              <span className="text-muted"> per {plan.period}</span>
            </p>
            <h4 className="sr-only">Included in {plan.name}</h4>
            <ul className="mt-6 space-y-3">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-3 text-slate-700">
                  <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-accent" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            {plan.notIncluded.length > 0 && (
              <>
                <h4 className="sr-only">Not included in {plan.name}</h4>
                <ul className="mt-3 space-y-3">
                  {plan.notIncluded.map((item) => (
                    <li key={item} className="flex gap-3 text-muted">
                      <Icon name="cross" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
                      <span>
                        <span className="sr-only">Not included: </span>
                        {item}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <div className="mt-auto pt-7">
              <a href={paths.homeSection('contact')} className={`${plan.popular ? 'btn-primary' : 'btn-secondary'} w-full`}>
                {plan.cta}
              </a>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-center text-muted">
        Web design is quoted separately, typically {formatGbp(pricingTerms.webDesignTypical.min)}–{formatGbp(pricingTerms.webDesignTypical.max)}.
      </p>

      <div className="mt-16 grid gap-12 lg:grid-cols-2">
        <div>
          <h3 className="text-2xl font-bold text-ink">What to Expect</h3>
          <ol className="mt-6 space-y-4">
            {timeline.map((stage) => (
              <li key={stage.title} className="rounded-2xl border border-slate-200 bg-white p-5">
                <p className="text-sm font-semibold text-accent">{stage.months}</p>
                <h4 className="mt-1 text-lg font-semibold text-ink">{stage.title}</h4>
                <p className="mt-1 text-slate-700">{stage.text}</p>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <h3 className="mb-6 text-2xl font-bold text-ink">Pricing FAQ</h3>
          <FaqList items={faqs} headingLevel={4} />
        </div>
      </div>
    </Section>
  );
}
