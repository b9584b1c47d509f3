/** The AI content generator: its content types, bounds and messages, shared by the tab, the server and tests. */
import { serviceOfferKeys, serviceOffers, type ServiceOfferKey } from './pricing';

export const aiContentTypes = [
  { id: 'blog', label: 'Blog Post' },
  { id: 'meta', label: 'Meta Tags' },
  { id: 'service', label: 'Service Description' },
] as const;
export type AiContentType = (typeof aiContentTypes)[number]['id'];
export const defaultAiContentType: AiContentType = 'blog';
export const aiContentTypeLabels = Object.fromEntries(aiContentTypes.map((t) => [t.id, t.label])) as Record<AiContentType, string>;

/** Services a description can be written for: each has a real price range in src/config/pricing.ts. */
export const aiServiceChoices = serviceOfferKeys.map((key) => ({ key, name: serviceOffers[key].name }));
export type AiServiceKey = ServiceOfferKey;

export const aiLimits = {
  promptMaxChars: 4000,
  /** The per-account limit's window; the number of generations in it is the AI_GENERATIONS_PER_HOUR setting. */
  windowMinutes: 60,
  meta: { titleMax: 60, descriptionMin: 120, descriptionMax: 156 },
  blog: { titleMax: 60, descriptionMin: 120, descriptionMax: 160 },
  /** Generations listed in the tab's history. */
  historyShown: 20,
} as const;

export const aiMessages = {
  promptRequired: { title: 'Prompt Required', description: 'Please enter a prompt to generate content' },
  generated: { title: 'Content Generated', description: 'AI content has been generated successfully!' },
  failed: { title: 'Generation Failed', fallback: 'Failed to generate content' },
  copied: { title: 'Copied!', description: 'Content copied to clipboard' },
  copyFailed: { title: 'Copy Failed', description: 'Failed to copy content to clipboard' },
  generating: 'Generating...',
} as const;

/** How a stored generation ended. */
export const aiOutcomes = ['success', 'warning', 'failed', 'stopped'] as const;
export type AiOutcome = (typeof aiOutcomes)[number];
