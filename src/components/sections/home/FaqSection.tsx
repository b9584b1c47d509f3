import { business, mailtoHref } from '~/config/business';
import { paths } from '~/config/paths';
import { FaqList, type FaqItem } from '~/components/ui/FaqList';
import { Section } from '~/components/ui/Section';

export interface CategorisedFaq extends FaqItem {
  category: string;
}

export function FaqSection({ faqs }: { faqs: CategorisedFaq[] }) {
  const categories = [...new Set(faqs.map((f) => f.category))];
  const stats = [
    { value: business.claims.projectsCompleted, label: 'projects completed' },
    { value: business.claims.satisfaction, label: 'client satisfaction' },
    { value: `${business.responseTimeHours}h`, label: 'response time' },
    { value: business.rating.value.toFixed(1), label: 'average rating' },
  ];
  return (
    <Section reveal id="faq" eyebrow="FAQ" title="Frequently Asked Questions" lead="Straight answers to the questions business owners ask most.">
      <div className="grid gap-10 lg:grid-cols-2">
        {categories.map((category) => (
          <div key={category}>
            <h3 className="mb-4 text-xl font-semibold text-ink">{category}</h3>
            <FaqList headingLevel={4} items={faqs.filter((f) => f.category === category)} />
          </div>
        ))}
      </div>
      <dl className="mt-12 grid grid-cols-2 gap-6 rounded-2xl bg-brand-800 p-8 text-white sm:grid-cols-4">
        {stats.map((s) => (
          <div key={s.label}>
            <dt className="text-sm text-brand-100">{s.label}</dt>
            <dd className="text-3xl font-extrabold">{s.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-12 rounded-2xl border border-slate-200 p-8 text-center">
        <h3 className="text-2xl font-bold text-ink">Still Have Questions?</h3>
        <p className="mx-auto mt-3 max-w-xl text-slate-700">
          Every business is different. Book a free consultation or send an e-mail, and you will hear back within {business.responseTimeHours} hours.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href={paths.homeSection('contact')} className="btn-primary">
            Schedule Free Consultation
          </a>
          <a href={mailtoHref} className="btn-secondary">
            E-mail {business.email}
          </a>
        </div>
      </div>
    </Section>
  );
}
