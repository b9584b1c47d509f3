import { business } from '../../../config/business';
import { staticPages } from '../../../config/pages';
import { ContactDetails, WhyChoose } from '../ContactDetails';
import { Section } from '../../ui/Section';

export function ContactSection() {
  return (
    <Section
      id="contact"
      eyebrow="Contact"
      title="Let's talk about your website"
      lead={`Tell me about your business and what you want to achieve. You will get a reply within ${business.responseTimeHours} hours on working days.`}
      tone="muted"
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_1fr]">
        <div className="rounded-2xl border border-slate-200 bg-white p-6">
          <h3 className="text-xl font-semibold text-ink">Send a message</h3>
          <p className="mt-2 text-slate-700">
            Ask for a free audit, book a call or ask a question. The contact page has a short form and every other way to
            reach me.
          </p>
          <a href={staticPages.contact.path} className="btn-primary mt-5">
            Go to the contact form
          </a>
        </div>
        <ContactDetails />
      </div>
      <div className="mt-10">
        <h3 className="mb-4 text-xl font-semibold text-ink">Why choose {business.name}</h3>
        <WhyChoose />
      </div>
    </Section>
  );
}
