import type { ReactNode } from 'react';
import { business, fullAddress } from '~/config/business';
import { type TestimonialSummary } from '~/components/ui/cards';
import { Stars } from '~/components/ui/Icon';
import { MapFacade } from '~/components/ui/MapFacade';
import { Section } from '~/components/ui/Section';
import { ContactDetails, WhyChoose } from '~/components/sections/ContactDetails';

interface Props {
  /** The form island, placed by the route. */
  children: ReactNode;
  services: { name: string; href: string }[];
  sampleReviews: TestimonialSummary[];
}

/** Home #contact: form, contact cards, service tiles, business information with reviews, why choose, map. */
export function ContactSection({ children, services, sampleReviews }: Props) {
  return (
    <Section
      reveal
      id="contact"
      eyebrow="Contact"
      title="Let's talk about your website"
      lead={`Tell me about your business and what you want to achieve. You will get a reply within ${business.responseTimeHours} hours on working days.`}
      tone="muted"
    >
      <div className="grid gap-10 lg:grid-cols-[1fr_1fr]">
        <div>{children}</div>
        <div className="space-y-8">
          <ContactDetails />
          <div>
            <h3 className="text-lg font-semibold text-ink">How can I help?</h3>
            <ul className="mt-3 grid grid-cols-2 gap-3">
              {services.map((s) => (
                <li key={s.href}>
                  <a
                    href={s.href}
                    className="block rounded-xl border border-slate-200 bg-white p-3 font-medium text-ink no-underline hover:border-brand-600 hover:text-brand-700"
                  >
                    {s.name}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
      <div className="mt-12 grid gap-8 lg:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-6">
          <h3 className="text-xl font-semibold text-ink">Business information</h3>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold text-muted">Business</dt>
            <dd>{business.legalName}</dd>
            <dt className="font-semibold text-muted">Address</dt>
            <dd>{fullAddress}</dd>
            <dt className="font-semibold text-muted">Rating</dt>
            <dd className="flex items-center gap-2">
              <Stars className="h-4" /> {business.rating.value.toFixed(1)} out of {business.rating.best}
            </dd>
          </dl>
          <h4 className="mt-6 font-semibold text-ink">Recent reviews</h4>
          <ul className="mt-3 space-y-4">
            {sampleReviews.map((r) => (
              <li key={r.name} className="rounded-xl bg-slate-50 p-4">
                <Stars count={r.rating} className="h-4" />
                <blockquote className="mt-2 text-slate-800">
                  <p>“{r.quote}”</p>
                </blockquote>
                <p className="mt-2 text-sm text-muted">
                  {r.name}, {r.role}
                </p>
              </li>
            ))}
          </ul>
        </div>
        <MapFacade />
      </div>
      <div className="mt-12">
        <h3 className="mb-4 text-xl font-semibold text-ink">Why Choose {business.name}</h3>
        <WhyChoose />
      </div>
    </Section>
  );
}
