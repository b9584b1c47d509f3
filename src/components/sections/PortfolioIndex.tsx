import { type CaseStudySummary, CaseStudyCard } from '~/components/ui/cards';
import { CtaBand } from '~/components/ui/CtaBand';
import { PageHero } from '~/components/ui/PageHero';

export function PortfolioIndex({ studies }: { studies: CaseStudySummary[] }) {
  return (
    <>
      <PageHero
        eyebrow="Portfolio"
        title="Case studies: SEO and web design results"
        lead="Each project starts with a clear goal and ends with measured results. Here is where each business started, what was done and what changed."
      />
      <div className="container-page grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {studies.map((study) => (
          <CaseStudyCard key={study.id} study={study} headingLevel={2} />
        ))}
      </div>
      <CtaBand title="Could your business be the next case study?" />
    </>
  );
}
