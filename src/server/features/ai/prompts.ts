/**
 * What the model is told: the business's facts from src/config (name, place, spelling, currency, the real services and
 * prices) and the format of each content type. The model may state no price other than those listed here.
 */
import { aiContentTypeLabels, aiLimits, type AiContentType, type AiServiceKey } from '~/config/ai';
import { business } from '~/config/business';
import { dayOf } from '~/lib/days.mjs';
import { describeRange, formatGbp, pricingPlans, pricingTerms, serviceOffers } from '~/config/pricing';

/** Every amount in pounds the business actually charges (or quotes); anything else in an answer is invented. */
export function allowedPrices(): Set<number> {
  const amounts = new Set<number>([pricingTerms.webDesignTypical.min, pricingTerms.webDesignTypical.max, pricingTerms.maintenanceFrom]);
  for (const plan of pricingPlans) amounts.add(plan.price);
  for (const offer of Object.values(serviceOffers)) {
    for (const range of [offer.range, ...offer.items.map((item) => item.range)]) {
      if (range.unit === 'free') continue;
      amounts.add(range.min);
      amounts.add(range.max);
    }
  }
  return amounts;
}

/** The business's facts, as the system prompt gives them. */
export function businessContext(): string {
  const { address, owner } = business;
  const plans = pricingPlans.map((plan) => `- ${plan.name} plan: ${formatGbp(plan.price)} per ${plan.period} (${plan.description})`);
  const services = Object.values(serviceOffers).map((offer) => `- ${offer.name}: ${describeRange(offer.range)}`);
  return [
    `Business: ${business.name}, ${business.tagline}. Run by ${owner.name}, ${owner.title}, based in ${address.locality}, ${address.region}, ${address.countryName}.`,
    `Areas served: ${business.areaServed.join(', ')}.`,
    'Monthly SEO plans:',
    ...plans,
    'Services and their price ranges:',
    ...services,
    `Other terms: web design projects typically ${formatGbp(pricingTerms.webDesignTypical.min)}–${formatGbp(pricingTerms.webDesignTypical.max)}; website maintenance from ${formatGbp(pricingTerms.maintenanceFrom)} per month; minimum term ${pricingTerms.minimumTermMonths} months; ${pricingTerms.discounts.sixMonths}% off for 6 months and ${pricingTerms.discounts.twelveMonths}% off for 12 months paid up front; free ${pricingTerms.consultationMinutes}-minute consultation.`,
  ].join('\n');
}

const rules = [
  'Write in British English (optimise, colour, organisation) for small businesses in the UK. Currency is pounds sterling (£).',
  'State no price, fee or discount other than those listed above. If a price is not listed, say to get in touch for a quote.',
  'Do not invent clients, statistics, awards, reviews or guarantees.',
];

/** Today's date in the UK, as a post's front matter writes it. */
export function ukDate(now = new Date()): string {
  return dayOf(now.getTime());
}

function formatFor(type: AiContentType, service: AiServiceKey | undefined, today: string): string {
  if (type === 'blog') {
    const { titleMax, descriptionMin, descriptionMax } = aiLimits.blog;
    return [
      'Write a blog post in Markdown for the business\'s blog. Start with a YAML front-matter block between two "---" lines and nothing before it:',
      `title: at most ${titleMax} characters; description: ${descriptionMin} to ${descriptionMax} characters; keywords: a YAML list of 3 to 6 search phrases; date: ${today}.`,
      'After the front matter write the article: an opening paragraph, then sections with "##" headings. No "#" heading (the title is the heading). No code fences around the whole answer.',
    ].join('\n');
  }
  if (type === 'meta') {
    const { titleMax, descriptionMin, descriptionMax } = aiLimits.meta;
    return [
      "Write the meta tags for one page of the business's website.",
      'Answer with one JSON object and nothing else: {"title": "...", "description": "..."}.',
      `The title has at most ${titleMax} characters. The description has ${descriptionMin} to ${descriptionMax} characters, says what the page offers and invites the click.`,
    ].join('\n');
  }
  const offer = service ? serviceOffers[service] : undefined;
  return [
    `Write a service description for the business's "${offer?.name ?? 'chosen'}" service, for its service page: 2 to 4 short paragraphs, plain text or light Markdown.`,
    offer ? `Its price is ${describeRange(offer.range)}: state exactly this range.` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The system prompt for one content type: facts, rules, format. */
export function systemPrompt(type: AiContentType, service: AiServiceKey | undefined, now = new Date()): string {
  return [
    `You write ${aiContentTypeLabels[type].toLowerCase()} content for a small UK business's website. Content type: ${type}.`,
    '',
    businessContext(),
    '',
    'Rules:',
    ...rules.map((rule) => `- ${rule}`),
    '',
    formatFor(type, service, ukDate(now)),
  ].join('\n');
}

/** The follow-up that asks for a corrected answer, with the reasons. */
export function repairPrompt(problems: string[]): string {
  return `That answer does not meet the requirements: ${problems.join(' ')} Write the whole answer again, corrected, in the same format.`;
}
