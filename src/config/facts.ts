import { signInLimits } from './admin';
import { auditLimits } from './audit';
import { business, fullAddress } from './business';
import { contactLimits } from './contact';
import { describeRange, formatGbp, pricingPlans, pricingTerms, serviceOffers } from './pricing';
import { plural } from '../lib/plural.mjs';

/**
 * Facts that prose may quote. Markdown and YAML content write `{{key}}` instead of typing a name, price or figure,
 * so a change here reaches every sentence; an unknown key fails the build rather than printing braces.
 */
const planPrice = (name: string) => {
  const plan = pricingPlans.find((p) => p.name === name);
  if (!plan) throw new Error(`No pricing plan named ${name}`);
  return formatGbp(plan.price);
};

export const facts: Record<string, string> = {
  businessName: business.name,
  ownerName: business.owner.name,
  ownerTitle: business.owner.title,
  email: business.email,
  phone: business.phone.display,
  address: fullAddress,
  foundingYear: String(business.foundingYear),
  teamSize: `${business.teamSize.min}–${business.teamSize.max}`,
  responseTime: plural(business.responseTimeHours, 'hour'),
  projectsCompleted: business.claims.projectsCompleted,
  satisfaction: business.claims.satisfaction,
  averageTrafficIncrease: business.claims.averageTrafficIncrease,
  enquiryRetention: plural(business.retention.enquiryMonths, 'month'),
  securityLogRetention: plural(business.retention.securityLogDays, 'day'),
  analyticsRetention: plural(business.retention.analyticsRawDays, 'day'),
  signInLimitWindow: plural(Math.max(signInLimits.addressWindowMinutes, signInLimits.accountWindowMinutes, signInLimits.lockMinutes), 'minute'),
  legalName: business.legalName,
  starterPrice: planPrice('Starter'),
  professionalPrice: planPrice('Professional'),
  enterprisePrice: planPrice('Enterprise'),
  minimumTerm: plural(pricingTerms.minimumTermMonths, 'month'),
  noticePeriod: plural(pricingTerms.noticeDays, 'day'),
  webDesignTypical: `${formatGbp(pricingTerms.webDesignTypical.min)}–${formatGbp(pricingTerms.webDesignTypical.max)}`,
  maintenanceFrom: formatGbp(pricingTerms.maintenanceFrom),
  sixMonthDiscount: `${pricingTerms.discounts.sixMonths}%`,
  twelveMonthDiscount: `${pricingTerms.discounts.twelveMonths}%`,
  moneyBack: `${pricingTerms.moneyBackDays}-day`,
  moneyBackPeriod: plural(pricingTerms.moneyBackDays, 'day'),
  rateLimitWindow: plural(contactLimits.windowMinutes, 'minute'),
  auditRetention: plural(auditLimits.retentionDays, 'day'),
  auditWindow: plural(auditLimits.clientWindowMinutes, 'minute'),
  auditRecipientWindow: plural(auditLimits.recipientWindowHours, 'hour'),
  auditMaxPages: String(auditLimits.maxPages),
  onboardingDays: pricingTerms.onboardingBusinessDays.replace('-', '–'),
  resultsMonths: pricingTerms.resultsMonths.replace('-', '–'),
  consultationLength: `${pricingTerms.consultationMinutes}-minute`,
  ...Object.fromEntries(Object.entries(serviceOffers).map(([key, offer]) => [`range:${key}`, describeRange(offer.range)])),
};

const token = /\{\{\s*([\w:-]+)\s*\}\}/g;

export function fillFacts(text: string): string {
  return text.replace(token, (_, key: string) => {
    const value = facts[key];
    if (value === undefined) throw new Error(`Unknown fact {{${key}}} in content`);
    return value;
  });
}
