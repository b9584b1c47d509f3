import type { ReactNode } from 'react';
import { business } from '../../../config/business';
import { ContactDetails, WhyChoose } from '../ContactDetails';
import { Section } from '../../ui/Section';

/** Home #contact; `children` is the form island, placed by the route. */
export function ContactSection({ children }: { children: ReactNode }) {
  return (
    <Section
      id="contact"
      eyebrow="Contact"
      title="Let's talk about your website"
      lead={`Tell me about your business and what you want to achieve. You will get a reply within ${business.responseTimeHours} hours on working days.`}
      tone="muted"
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_1fr]">
        <div>{children}</div>
        <ContactDetails />
      </div>
      <div className="mt-10">
        <h3 className="mb-4 text-xl font-semibold text-ink">Why choose {business.name}</h3>
        <WhyChoose />
      </div>
    </Section>
  );
}
