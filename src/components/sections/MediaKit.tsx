import { business, fullAddress, mailtoHref } from '~/config/business';
import { PageHero } from '~/components/ui/PageHero';
import { Section } from '~/components/ui/Section';

const brandColours = [
  { name: 'Hale Blue', hex: '#1D4ED8', className: 'bg-brand-600' },
  { name: 'Deep Navy', hex: '#1E3A8A', className: 'bg-brand-800' },
  { name: 'Ink', hex: '#0F172A', className: 'bg-ink' },
  { name: 'Growth Green', hex: '#047857', className: 'bg-accent' },
];

const topics = [
  'Local SEO for small businesses and sole traders',
  'Why website speed matters more than design trends',
  'Accessible web design and the Equality Act 2010',
  'Getting found on Google without an advertising budget',
  'Search-engine-friendly websites built with JavaScript frameworks',
];

export function MediaKit() {
  const firstName = business.owner.name.split(' ')[0];
  const facts = [
    { label: 'Company', value: business.legalName },
    { label: 'Founder', value: `${business.owner.name}, ${business.owner.title}` },
    { label: 'Founded', value: String(business.foundingYear) },
    { label: 'Based in', value: fullAddress },
    { label: 'Team', value: `${business.teamSize.min}–${business.teamSize.max} specialists` },
    { label: 'Projects completed', value: business.claims.projectsCompleted },
    { label: 'Press contact', value: business.email },
  ];
  return (
    <>
      <PageHero
        eyebrow="Press & partners"
        title="Media kit"
        lead={`Facts, biographies and brand guidance for journalists, event organisers and partners writing about ${business.name}.`}
      >
        <a href={mailtoHref} className="btn-primary">
          Contact for press enquiries
        </a>
      </PageHero>
      <Section id="facts" title="Company facts">
        <dl className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
          {facts.map((f) => (
            <div key={f.label} className="border-b border-slate-200 pb-3">
              <dt className="text-sm font-semibold text-muted">{f.label}</dt>
              <dd className="mt-1 text-ink">{f.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="bio" title="Biography" tone="muted">
        <div className="grid gap-8 lg:grid-cols-2">
          <div>
            <h3 className="text-lg font-semibold text-ink">Short bio (50 words)</h3>
            <p className="mt-3 text-slate-700">
              {business.owner.name} is an SEO specialist and web designer based in {business.address.locality}, {business.address.region}. Through{' '}
              {business.name}, {firstName} helps small businesses get found on Google with fast, accessible websites and practical SEO, explained in plain
              English.
            </p>
          </div>
          <div>
            <h3 className="text-lg font-semibold text-ink">Long bio</h3>
            <p className="mt-3 text-slate-700">
              {business.owner.name} founded {business.name} in {business.foundingYear} to bring agency-quality SEO and web design to small businesses without
              agency overheads. {firstName} works directly with trades, clinics, professional firms, start-ups and agencies, combining technical SEO with
              user-centred design. {firstName} holds the {business.owner.certifications.join(' and the ')} and writes regularly about local search, site speed
              and accessibility.
            </p>
          </div>
        </div>
      </Section>
      <Section id="topics" title="Speaking and interview topics">
        <ul className="grid gap-3 sm:grid-cols-2">
          {topics.map((t) => (
            <li key={t} className="rounded-xl border border-slate-200 p-4 text-slate-700">
              {t}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="brand" title="Brand guidance" tone="muted">
        <p className="max-w-3xl text-slate-700">
          Please write the name as “{business.name}”. The logo is available as a scalable SVG; keep clear space around it equal to the height of the letter H
          and do not recolour or stretch it.
        </p>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {brandColours.map((c) => (
            <li key={c.hex} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <span aria-hidden="true" className={`block h-16 ${c.className}`} />
              <span className="block p-3 text-sm">
                <span className="block font-semibold text-ink">{c.name}</span>
                <span className="text-muted">{c.hex}</span>
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <a href="/favicon.svg" download={`${business.name.toLowerCase().replace(/\s+/g, '-')}-logo.svg`} className="btn-secondary">
            Download the logo (SVG)
          </a>
        </p>
      </Section>
    </>
  );
}
