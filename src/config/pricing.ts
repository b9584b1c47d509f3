/** Prices and plan contents. Every price shown on the site or in structured data comes from here. */

export interface PricingPlan {
  name: string;
  price: number;
  period: 'month';
  description: string;
  features: string[];
  notIncluded: string[];
  cta: string;
  popular: boolean;
}

export const pricingPlans: PricingPlan[] = [
  {
    name: 'Starter',
    price: 750,
    period: 'month',
    description: 'For local businesses that need a solid foundation and steady visibility in nearby searches.',
    features: [
      'Up to 10 tracked keywords',
      'On-page optimisation of 5 pages',
      'Google Business Profile set-up and tuning',
      'Technical health check',
      'Monthly report',
    ],
    notIncluded: ['Content writing', 'Link building', 'Regular strategy calls'],
    cta: 'Start with Starter',
    popular: false,
  },
  {
    name: 'Professional',
    price: 1500,
    period: 'month',
    description: 'For growing businesses ready to compete for wider, higher-value search terms.',
    features: [
      'Up to 25 tracked keywords',
      '2 optimised articles per month',
      '5 quality backlinks per month',
      'Full technical SEO and Core Web Vitals work',
      'Bi-weekly strategy calls',
      'Monthly report',
    ],
    notIncluded: ['Multi-location strategy'],
    cta: 'Choose Professional',
    popular: true,
  },
  {
    name: 'Enterprise',
    price: 3500,
    period: 'month',
    description: 'For established brands and multi-location businesses that want search as a main channel.',
    features: [
      'Unlimited tracked keywords',
      '4 optimised articles per month',
      '12+ quality backlinks per month',
      'Multi-location and international SEO',
      'Weekly strategy calls',
      'Monthly report and quarterly review',
    ],
    notIncluded: [],
    cta: 'Talk about Enterprise',
    popular: false,
  },
];

export const pricingTerms = {
  minimumTermMonths: 3,
  noticeDays: 30,
  reporting: 'monthly',
  webDesignTypical: { min: 2000, max: 8000 },
  maintenanceFrom: 99,
  discounts: { sixMonths: 15, twelveMonths: 25 },
  moneyBackDays: 30,
  onboardingBusinessDays: '3-5',
  resultsMonths: '3-6',
  consultationMinutes: 30,
} as const;

export interface PriceRange {
  min: number;
  max: number;
  /** 'month' for retainers, 'project' for one-off work, 'free' for the consultation. */
  unit: 'month' | 'project' | 'free';
}

/** Indicative ranges used on service and audience pages and in their Service structured data. */
export const serviceOffers = {
  'local-business': {
    name: 'Local Business SEO',
    range: { min: 300, max: 1200, unit: 'month' },
    items: [
      { name: 'Google Business Profile optimisation', range: { min: 200, max: 500, unit: 'month' } },
      { name: 'Local citation building', range: { min: 150, max: 400, unit: 'month' } },
      { name: 'Location page content', range: { min: 300, max: 800, unit: 'month' } },
    ],
  },
  'startup-growth': { name: 'Startup Growth SEO', range: { min: 800, max: 3000, unit: 'month' }, items: [] },
  'agency-partnership': { name: 'White-Label SEO for Agencies', range: { min: 500, max: 2500, unit: 'month' }, items: [] },
  'personal-brand': { name: 'Personal Brand SEO', range: { min: 600, max: 2000, unit: 'month' }, items: [] },
  seo: { name: 'SEO Services', range: { min: 500, max: 2000, unit: 'month' }, items: [] },
  webdesign: { name: 'Web Design', range: { min: 800, max: 3000, unit: 'project' }, items: [] },
  localseo: { name: 'Local SEO', range: { min: 300, max: 1200, unit: 'month' }, items: [] },
  consultation: { name: 'Free SEO Consultation', range: { min: 0, max: 0, unit: 'free' }, items: [] },
} as const satisfies Record<string, { name: string; range: PriceRange; items: readonly { name: string; range: PriceRange }[] }>;

export type ServiceOfferKey = keyof typeof serviceOffers;
export interface ServiceOffer {
  name: string;
  range: PriceRange;
  items: readonly { name: string; range: PriceRange }[];
}
export const serviceOfferKeys = Object.keys(serviceOffers) as [ServiceOfferKey, ...ServiceOfferKey[]];

/**
 * Offers in structured data are valid for the calendar year of the build; OFFER_VALID_YEAR (settings, passed by the
 * caller so this module stays free of server code for the browser) overrides it. An offer that has expired is an
 * error in Google's validator, so this must never be a fixed year.
 */
export function offerValidity(now: Date, fixedYear: number | undefined): { validFrom: string; validThrough: string } {
  const year = fixedYear ?? now.getFullYear();
  return { validFrom: `${year}-01-01`, validThrough: `${year}-12-31` };
}

const gbp = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });

export function formatGbp(amount: number): string {
  return gbp.format(amount);
}

/** 'From £300 to £1,200 per month', 'Free 30-minute consultation', ... */
export function describeRange(range: PriceRange): string {
  if (range.unit === 'free') return `Free ${pricingTerms.consultationMinutes}-minute consultation`;
  const span = `${formatGbp(range.min)}–${formatGbp(range.max)}`;
  return range.unit === 'month' ? `${span} per month` : `${span} per project`;
}
