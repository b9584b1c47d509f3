import { staticPages } from '../../../config/pages';
import { paths } from '../../../config/paths';
import { type CaseStudySummary, CaseStudyCard } from '../../ui/cards';
import { Section } from '../../ui/Section';

export function ProjectsSection({ studies }: { studies: CaseStudySummary[] }) {
  return (
    <Section
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
