import { staticPages } from '~/config/pages';
import { type TestimonialSummary, TestimonialCard } from '~/components/ui/cards';
import { Section } from '~/components/ui/Section';

export function ReviewsSection({ testimonials, reveal = false }: { testimonials: TestimonialSummary[]; reveal?: boolean }) {
  return (
    <Section reveal={reveal} id="reviews" eyebrow="Reviews" title="What Clients Say" lead="Feedback from business owners I have worked with.">
      <div className="grid gap-6 md:grid-cols-2">
        {testimonials.map((t) => (
          <TestimonialCard key={t.name} testimonial={t} />
        ))}
      </div>
      <p className="mt-8">
        <a href={staticPages.testimonials.path} className="link">
          Read all testimonials
        </a>
      </p>
    </Section>
  );
}
