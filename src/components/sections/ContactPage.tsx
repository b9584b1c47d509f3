import { business, mailtoHref, telHref } from '../../config/business';
import { PageHero } from '../ui/PageHero';
import { Section } from '../ui/Section';
import { ContactDetails, WhyChoose } from './ContactDetails';

export function ContactPage() {
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        lead={`Ask for a free SEO audit, book a 15-minute call or ask a question. You will hear back within ${business.responseTimeHours} hours on working days.`}
      >
        <a href={mailtoHref} className="btn-primary">
          E-mail {business.email}
        </a>
        <a href={telHref} className="btn-secondary">
          Call {business.phone.display}
        </a>
      </PageHero>
      <div className="container-page">
        <ContactDetails />
      </div>
      <Section id="why" title={`Why choose ${business.name}`}>
        <WhyChoose />
      </Section>
    </>
  );
}
