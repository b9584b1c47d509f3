import { business } from '~/config/business';
import { staticPages } from '~/config/pages';
import { paths } from '~/config/paths';
import { Icon } from '~/components/ui/Icon';
import { Section } from '~/components/ui/Section';

const pillarText: Record<string, string> = {
  'SEO Specialist': 'Technical, on-page and local SEO grounded in what your customers actually search for.',
  'Web Design': 'Fast, accessible websites that look professional and are easy for you to update.',
  'User-Centered Design': 'Every page planned around what visitors need to know before they get in touch.',
};

/** Who runs the business: used on the home page and the About page. */
export function ProfileSection({ headingLevel = 2, reveal = false }: { headingLevel?: 1 | 2; reveal?: boolean }) {
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  return (
    <Section
      reveal={reveal}
      id="profile"
      eyebrow="About"
      headingLevel={headingLevel}
      title={business.owner.name}
      lead={`${business.owner.title}, based in ${business.address.locality}, ${business.address.region}. I started ${business.name} in ${business.foundingYear} to give small businesses the kind of SEO and web design that larger firms get from agencies, without the agency overheads or the jargon.`}
    >
      <ul className="grid gap-6 md:grid-cols-3">
        {business.owner.pillars.map((pillar) => (
          <li key={pillar} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <Sub className="text-lg font-semibold text-ink">{pillar}</Sub>
            <p className="mt-2 text-slate-700">{pillarText[pillar]}</p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap gap-3">
        <a href={paths.rootPage('local-business')} className="btn-secondary">
          Local Business SEO <Icon name="arrow" className="h-4 w-4" />
        </a>
        <a href={paths.rootPage('startup-growth')} className="btn-secondary">
          Startup Growth Services <Icon name="arrow" className="h-4 w-4" />
        </a>
        <a href={staticPages.blog.path} className="btn-secondary">
          SEO & Design Blog <Icon name="arrow" className="h-4 w-4" />
        </a>
      </div>
    </Section>
  );
}
