/** The AI content generator: its content types, bounds and messages, shared by the tab, the server and tests. */
import { serviceOfferKeys, serviceOffers, type ServiceOfferKey } from './pricing';
import { snippetLimits } from './search-snippet.mjs';
import { plural } from '../lib/plural.mjs';

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
  /** Meta tags and a post's front matter are held to what a search result shows, like every page of the site. */
  meta: snippetLimits,
  blog: snippetLimits,
  /** Generations listed in the tab's history. */
  historyShown: 20,
} as const;

export const aiMessages = {
  promptRequired: { title: 'Prompt Required', description: 'Please enter a prompt to generate content' },
  generated: { title: 'Content Generated', description: 'AI content has been generated successfully!' },
  /** Finished, but with things to change: said instead of the success toast, beside the list of them. */
  generatedWithProblems: { title: 'Generated: check it before use', description: 'What to change is listed above the result.' },
  failed: { title: 'Generation Failed', fallback: 'Failed to generate content' },
  copied: { title: 'Copied!', description: 'Content copied to clipboard' },
  copyFailed: { title: 'Copy Failed', description: 'Failed to copy content to clipboard' },
  generating: 'Generating...',
  /** The account's hourly allowance is used up; shown in the tab (also after a reload) until a place is free. */
  limitReached: (perHour: number, freeAt: string) => `You have used all ${perHour} generations for this hour. Generate is available again at ${freeAt}.`,
  /** Under a generated blog post: what the owner can do with it here (they have no repository to put a file in). */
  blogResultHint: (canDownload: boolean) =>
    `Use as draft opens it in the post editor, where you check it and save it as a draft (nothing is saved until you do). Copy puts the text on your clipboard${canDownload ? '; Download .md keeps it as a file' : ''}.`,
  /** Under a meta-tags result for one of the built pages (an admin post's is applied with a button instead). */
  builtPageApply: (page: string) =>
    `${page} is built with the site: its title and description live in the site's source (src/config/pages.ts for the main pages, the post's file in src/content/posts for a built post). Copy the result there; it goes live with the next build, and IndexNow tells the search engines.`,
  /** The prompt's keyboard shortcut, offered where there is a keyboard (not on touch screens). */
  shortcut: 'Ctrl + Enter generates.',
} as const;

const characters = (n: number) => plural(n, 'character');

/**
 * What is wrong with a finished answer, said as the owner would say it (what to change, not which field failed).
 * The model gets the same words when the answer is sent back once.
 */
export const aiProblems = {
  titleMissing: 'There is no title.',
  titleLong: (length: number, max: number) => `The title is ${characters(length)}; Google shows about ${max}. Shorten it.`,
  descriptionLong: (length: number, max: number) => `The description is ${characters(length)}; Google shows about ${max}. Shorten it.`,
  descriptionShort: (length: number, min: number) =>
    `The description is ${characters(length)}; write at least ${min} so the space in the search result is not wasted.`,
  notMetaTags: 'The answer is not a title and a description. Generate again.',
  noPostDetails: 'The post does not start with its title, description and keywords. Generate again.',
  postDetailsIncomplete: 'The post needs a title, a description and keywords at the top.',
  noKeywords: 'The post has no keywords.',
  articleShort: 'The article itself is missing or too short.',
  unknownPrice: (price: string) => `It quotes ${price}, which is not one of your prices.`,
  rangeMissing: (range: string) => `It does not give the service's price range (${range}).`,
  serviceShort: 'It is too short to be a service description.',
} as const;

/** How a stored generation ended. */
export const aiOutcomes = ['success', 'warning', 'failed', 'stopped'] as const;
export type AiOutcome = (typeof aiOutcomes)[number];
