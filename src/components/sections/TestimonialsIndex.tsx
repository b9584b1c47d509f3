import { business } from '~/config/business';
import { type TestimonialSummary, TestimonialCard } from '~/components/ui/cards';
import { CtaBand } from '~/components/ui/CtaBand';
import { Stars } from '~/components/ui/Icon';
import { PageHero } from '~/components/ui/PageHero';

export function TestimonialsIndex({ testimonials }: { testimonials: TestimonialSummary[] }) {
  return (
    <>
      <PageHero
        eyebrow="Testimonials"
        title="What clients say"
        lead="Business owners on what it was like to work together, and what changed for them afterwards."
      >
        <p className="flex items-center gap-3 text-lg text-slate-700">
          <Stars /> {business.rating.value.toFixed(1)} out of {business.rating.best} from {testimonials.length} reviews
        </p>
      </PageHero>
      <div className="container-page grid gap-6 md:grid-cols-2">
        {testimonials.map((t) => (
          <TestimonialCard key={t.name} testimonial={t} />
        ))}
      </div>
      <CtaBand />
    </>
  );
}
