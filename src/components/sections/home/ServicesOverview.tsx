import { staticPages } from '~/config/pages';
import { paths } from '~/config/paths';
import { LinkCard } from '~/components/ui/cards';
import { Section } from '~/components/ui/Section';

export interface ServiceLink {
  name: string;
  href: string;
}

const groups = [
  {
    title: 'SEO Specialist Services',
    text: 'Technical SEO, on-page optimisation, content and link building that lift your rankings for the searches that bring enquiries.',
    href: paths.service('seo'),
    icon: 'search',
  },
  {
    title: 'Professional Web Design',
    text: 'Fast, accessible, mobile-first websites designed around what your customers search for and need to see before they call.',
    href: paths.service('web-design'),
    icon: 'layout',
  },
  {
    title: 'Digital Marketing & Analytics',
    text: 'Content, e-mail and paid search planned alongside your SEO, with tracking that shows which channel brought each enquiry.',
    href: paths.service('digital-marketing'),
    icon: 'chart',
  },
] as const;

/** Pages the three cards already link to, so the specialised list can leave them out. */
export const serviceGroupHrefs: readonly string[] = groups.map((g) => g.href);

/** Home #services: the three service groups, then every specialised page and the blog. */
export function ServicesOverview({ specialised }: { specialised: ServiceLink[] }) {
  return (
    <Section
      reveal
      id="services"
      eyebrow="Services"
      title="Everything you need to be found online"
      lead="One specialist for search, design and measurement, so your website and your marketing pull in the same direction."
    >
      <div className="grid gap-6 md:grid-cols-3">
        {groups.map((group) => (
          <LinkCard key={group.title} href={group.href} title={group.title} text={group.text} icon={group.icon} />
        ))}
      </div>
      <div className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-6">
        <h3 className="text-lg font-semibold text-ink">Specialised services</h3>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {specialised.map((service) => (
            <li key={service.href}>
              <a href={service.href} className="link">
                {service.name}
              </a>
            </li>
          ))}
        </ul>
        <p className="mt-6">
          Prefer to learn first?{' '}
          <a href={staticPages.blog.path} className="link">
            Read practical SEO and design guides on the blog
          </a>
          .
        </p>
      </div>
    </Section>
  );
}
