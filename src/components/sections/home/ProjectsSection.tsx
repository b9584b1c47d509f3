import { staticPages } from '~/config/pages';
import { paths } from '~/config/paths';
import { type CaseStudySummary, CaseStudyCard } from '~/components/ui/cards';
import { Icon } from '~/components/ui/Icon';
import { Section } from '~/components/ui/Section';

const resources = [
  {
    title: 'Local SEO mistakes guide',
    text: 'The seven mistakes that keep small businesses out of the map pack, and how to fix them.',
    href: paths.post('local-seo-mistakes'),
    external: false,
  },
  {
    title: 'Google SEO Starter Guide',
    text: "Google's own introduction to how search works and what it rewards.",
    href: 'https://developers.google.com/search/docs/fundamentals/seo-starter-guide',
    external: true,
  },
  {
    title: 'Core Web Vitals on web.dev',
    text: 'What LCP, INP and CLS measure, and the thresholds your pages should meet.',
    href: 'https://web.dev/articles/vitals',
    external: true,
  },
  {
    title: 'Personal branding',
    text: 'How consultants and experts own the first page of results for their name.',
    href: paths.rootPage('personal-brand'),
    external: false,
  },
];

export function ProjectsSection({ studies }: { studies: CaseStudySummary[] }) {
  return (
    <Section
      reveal
      id="projects"
      eyebrow="Case studies"
      title="SEO & Web Design Portfolio"
      lead="A selection of recent projects: where each business started, what was done and what changed."
      tone="muted"
    >
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {studies.map((study) => (
          <CaseStudyCard key={study.id} study={study} />
        ))}
      </div>
      <div className="mt-14">
        <h3 className="text-xl font-semibold text-ink">Resources</h3>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {resources.map((r) => (
            <li key={r.href} className="rounded-2xl border border-slate-200 bg-white p-5">
              <a href={r.href} className="link inline-flex items-center gap-1" {...(r.external && { target: '_blank', rel: 'noopener noreferrer' })}>
                {r.title}
                {r.external && (
                  <>
                    <Icon name="external" className="h-4 w-4" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </>
                )}
              </a>
              <p className="mt-2 text-sm text-slate-700">{r.text}</p>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-10 flex flex-wrap gap-3">
        <a href={paths.homeSection('contact')} className="btn-primary">
          Start Your Project
        </a>
        <a href={staticPages.blog.path} className="btn-secondary">
          Explore More Resources
        </a>
        <a href={staticPages.portfolio.path} className="link self-center">
          See all case studies
        </a>
      </div>
    </Section>
  );
}
