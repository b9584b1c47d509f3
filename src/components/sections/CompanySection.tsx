import { business } from '~/config/business';
import { paths } from '~/config/paths';
import { Icon } from '~/components/ui/Icon';
import { Section } from '~/components/ui/Section';

function FactCard({ title, facts, emphasis = false }: { title: string; facts: { label: string; value: string }[]; emphasis?: boolean }) {
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm">
      <h3 className="text-lg font-semibold text-ink">{title}</h3>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        {facts.map((item) => (
          <div key={item.label}>
            <dt className="text-sm text-muted">{item.label}</dt>
            <dd className={emphasis ? 'text-2xl font-bold text-ink' : 'font-semibold text-ink'}>{item.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function LinkList({ links, className }: { links: OfferingLink[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href} className="link">
            {link.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

export interface OfferingLink {
  name: string;
  href: string;
}

/** Company facts: used on the home page and the About page. */
export function CompanySection({ coreServices, offerings, reveal = false }: { coreServices: OfferingLink[]; offerings: OfferingLink[]; reveal?: boolean }) {
  const overview = [
    { label: 'Founded', value: String(business.foundingYear) },
    { label: 'Team', value: `${business.teamSize.min}–${business.teamSize.max} specialists` },
    { label: 'Based in', value: `${business.address.locality}, UK` },
    { label: 'Reply within', value: `${business.responseTimeHours} hours` },
  ];
  const results = [
    { label: 'years in business', value: business.claims.yearsInBusiness },
    { label: 'projects completed', value: business.claims.projectsCompleted },
    { label: 'client satisfaction', value: business.claims.satisfaction },
    { label: 'average traffic increase', value: business.claims.averageTrafficIncrease },
  ];
  return (
    <Section reveal={reveal} id="company" eyebrow="Company" title={business.legalName} tone="muted">
      <ul className="flex flex-wrap gap-3">
        <li className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-4 py-2 text-sm font-semibold text-accent">
          <Icon name="check" className="h-4 w-4" /> Verified Company
        </li>
        <li className="inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-2 text-sm font-semibold text-brand-800">
          <Icon name="star" className="h-4 w-4" /> Listed on {business.directory.name}
        </li>
      </ul>
      <div className="mt-8 grid gap-8 lg:grid-cols-2">
        <FactCard title="Overview" facts={overview} />
        <FactCard title="Proven results" facts={results} emphasis />
        <div className="rounded-2xl bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-ink">Founder credentials</h3>
          <ul className="mt-4 space-y-2">
            {business.owner.certifications.map((cert) => (
              <li key={cert} className="flex gap-2 text-slate-700">
                <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-accent" />
                {cert}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm">
          <h3 className="text-lg font-semibold text-ink">Core services</h3>
          <LinkList links={coreServices} className="mt-4 space-y-2" />
          <h3 className="mt-6 text-lg font-semibold text-ink">Specialised offerings</h3>
          <LinkList links={offerings} className="mt-4 grid gap-2 sm:grid-cols-2" />
        </div>
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <a href={paths.contact()} className="btn-primary">
          Start Your Project
        </a>
        <a href={business.directory.url} className="btn-secondary" rel="noopener">
          View our {business.directory.name} profile
        </a>
      </div>
    </Section>
  );
}
