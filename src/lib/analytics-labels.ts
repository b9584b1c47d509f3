/**
 * What a row of an analytics list reads as: a source is "Newsletter" or a domain, never `newsletter / /`; a device is
 * its screen class; a page is its path (its title beside it, from the view). Shared by the dashboard and the weekly
 * summary e-mail.
 */
import { type BreakdownDimension, breakdowns, formFactors, viewportClasses } from '~/config/analytics';

/** 'newsletter' → 'Newsletter', 'spring_sale' → 'Spring sale'; a domain stays as it is. */
export function sourceLabel(value: string): string {
  if (value.includes('.')) return value;
  const words = value.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'newsletter / email / winter' → 'Newsletter · email · winter'; empty parts are left out. */
export function campaignLabel(value: string): string {
  const [source = '', ...rest] = value.split(' / ').map((part) => part.trim());
  return [source ? sourceLabel(source) : '', ...rest].filter(Boolean).join(' · ') || value;
}

export function rowLabel(dimension: BreakdownDimension, value: string): string {
  const blank = breakdowns.find((b) => b.id === dimension);
  if (value === '' && blank && 'blank' in blank) return blank.blank;
  switch (dimension) {
    case 'device':
      return viewportClasses.find((c) => c.id === value)?.label ?? value;
    case 'formFactor':
      return formFactors.find((f) => f.id === value)?.label ?? value;
    case 'source':
      return sourceLabel(value);
    case 'campaign':
      return campaignLabel(value);
    default:
      return value;
  }
}
