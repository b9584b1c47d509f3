import type { ReactNode } from 'react';
import { CtaButtons } from '~/components/ui/CtaButtons';
import type { ServiceOffer } from '~/config/pricing';
import { CtaBand } from '~/components/ui/CtaBand';
import { FaqList, type FaqItem } from '~/components/ui/FaqList';
import { Icon } from '~/components/ui/Icon';
import { PageHero } from '~/components/ui/PageHero';
import { PriceBox } from '~/components/ui/PriceBox';

export interface HowToSteps {
  name: string;
  description: string;
  steps: { name: string; text: string; anchor: string }[];
}

interface Props {
  eyebrow: string;
  name: string;
  summary: string;
  features: string[];
  featuresTitle?: string;
  highlights?: { title: string; text: string }[];
  faqs: FaqItem[];
  howTo?: HowToSteps;
  offer?: ServiceOffer;
  /** The rendered Markdown body. */
  children: ReactNode;
}

/** Layout shared by service, audience, local and audit pages: hero, body beside the price, steps, FAQs, call to action. */
export function ServicePage(props: Props) {
  return (
    <>
      <PageHero eyebrow={props.eyebrow} title={props.name} lead={props.summary}>
        <CtaButtons />
      </PageHero>

      {props.highlights && (
        <section aria-label="Highlights" className="container-page">
          <ul className="grid gap-4 md:grid-cols-3">
            {props.highlights.map((h) => (
              <li key={h.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <h2 className="text-lg font-semibold text-ink">{h.title}</h2>
                <p className="mt-2 text-slate-700">{h.text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="container-page mt-12 grid gap-12 lg:grid-cols-[1fr_22rem]">
        <div>
          <div className="prose">{props.children}</div>
          {props.features.length > 0 && (
            <section aria-labelledby="features-heading" className="mt-10">
              <h2 id="features-heading" className="text-2xl font-bold text-ink">
                {props.featuresTitle ?? 'What is included'}
              </h2>
              <ul className="mt-5 grid gap-3 sm:grid-cols-2">
                {props.features.map((feature) => (
                  <li key={feature} className="flex gap-3 text-slate-700">
                    <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-accent" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <PriceBox offer={props.offer} />
        </div>
      </div>

      {props.howTo && (
        <section aria-labelledby="howto-heading" className="container-page mt-16">
          <h2 id="howto-heading" className="text-3xl font-bold text-ink">
            {props.howTo.name}
          </h2>
          <p className="mt-3 max-w-3xl text-lg text-muted">{props.howTo.description}</p>
          <ol className="mt-8 grid gap-4 md:grid-cols-2">
            {props.howTo.steps.map((step, index) => (
              <li key={step.anchor} id={step.anchor} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-6">
                <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {index + 1}
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-ink">{step.name}</h3>
                  <p className="mt-1 text-slate-700">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      )}

      {props.faqs.length > 0 && (
        <section aria-labelledby="faq-heading" className="container-page mt-16 max-w-4xl">
          <h2 id="faq-heading" className="mb-6 text-3xl font-bold text-ink">
            Frequently asked questions
          </h2>
          <FaqList items={props.faqs} />
        </section>
      )}

      <CtaBand />
    </>
  );
}
