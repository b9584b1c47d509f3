import type { ReactNode } from 'react';
import { business, mailtoHref, telHref } from '~/config/business';
import { PageHero } from '~/components/ui/PageHero';
import { Section } from '~/components/ui/Section';
import { ContactDetails, WhyChoose } from './ContactDetails';

/** The contact page; `children` is the form island, placed by the route. */
export function ContactPage({ children }: { children: ReactNode }) {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        lead={`Ask for a free SEO audit, book a 15-minute call or ask a question. You will hear back within ${business.responseTimeHours} hours on working days.`}
      >
        <a href={mailtoHref} className="btn-secondary">
          E-mail {business.email}
        </a>
        <a href={telHref} className="btn-secondary">
          {`Call\u00a0${business.phone.display}`}
        </a>
      </PageHero>
      <div className="container-page grid gap-10 lg:grid-cols-[1.2fr_1fr]">
        <div>{children}</div>
        <div>
          <h2 className="mb-4 text-xl font-semibold text-ink">Other ways to reach me</h2>
          <ContactDetails />
        </div>
      </div>
      <Section id="why" title={`Why choose ${business.name}`}>
        <WhyChoose />
      </Section>
    </>
  );
}
