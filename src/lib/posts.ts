/**
 * What the post editor and the server agree on: the fields and their rules (one zod schema, checked in the browser as
 * the owner types and again on the server), slugs, UK times for scheduling, and the live SEO checks, which use the
 * site checker's own rules and bounds (src/lib/sitecheck-rules.mjs).
 */
import { z } from 'zod';
import { postLimits, postMessages, postTimeZone } from '~/config/posts';
import { checkBounds, rules } from './sitecheck-rules.mjs';
import { plural } from './plural.mjs';

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An address from a title: "Local SEO: 5 tips!" → "local-seo-5-tips". */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, postLimits.slugMax)
    .replace(/-+$/, '');
}

export const postFieldsSchema = z.object({
  title: z.string().trim().min(1, postMessages.titleEmpty).max(postLimits.titleMax, postMessages.titleLong),
  slug: z.string().trim().max(postLimits.slugMax, postMessages.slugInvalid).regex(slugPattern, postMessages.slugInvalid),
  description: z.string().trim().max(postLimits.descriptionMax),
  keywords: z.array(z.string().trim().min(1).max(60)).max(postLimits.keywordsMax),
  body: z.string().max(postLimits.bodyMax),
  coverId: z
    .string()
    .regex(/^[a-f0-9-]{36}$/)
    .nullable(),
  coverAlt: z.string().trim().max(postLimits.altMax),
});
export type PostFields = z.infer<typeof postFieldsSchema>;

/** A save: the fields, and the version the editor started from (a stale one is refused). */
export const postSaveSchema = postFieldsSchema.extend({ version: z.coerce.number().int().min(0) });

/** Publishing needs what a page for search needs; a cover needs its alt text. */
export function publishProblems(fields: PostFields): Partial<Record<keyof PostFields, string>> {
  const problems: Partial<Record<keyof PostFields, string>> = {};
  if (!fields.description) problems.description = postMessages.descriptionNeeded;
  if (!fields.body.trim()) problems.body = postMessages.bodyNeeded;
  if (fields.coverId && !fields.coverAlt) problems.coverAlt = postMessages.altNeeded;
  return problems;
}

export const splitKeywords = (text: string) =>
  text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);

// --- UK time -----------------------------------------------------------------------------------------------------

function londonOffsetMinutes(utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: postTimeZone, timeZoneName: 'longOffset' }).formatToParts(new Date(utcMs));
  const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** "2026-12-01T09:30" read as a wall-clock time in London → epoch ms, or null when it is not a valid time. */
export function londonLocalToUtc(local: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  if (Number.isNaN(asUtc)) return null;
  // The offset at that moment (trying the offset of the guess itself handles the clocks changing).
  const first = asUtc - londonOffsetMinutes(asUtc) * 60_000;
  return asUtc - londonOffsetMinutes(first) * 60_000;
}

/** Epoch ms → "2026-12-01T09:30" on the London wall clock (the value of a datetime-local field). */
export function utcToLondonLocal(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: postTimeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A day as the owner reads it: "1 Dec 2026" (a built post's dates are days, without a time). */
export function formatLondonDay(ms: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', dateStyle: 'medium' }).format(new Date(ms));
}

/** Epoch ms as the owner reads it: "1 Dec 2026, 09:30". */
export function formatLondon(ms: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: postTimeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

// --- Live SEO checks ---------------------------------------------------------------------------------------------

export interface PostCheck {
  /** The site checker's rule id (src/lib/sitecheck-rules.mjs). */
  rule: string;
  severity: 'error' | 'warning' | 'notice';
  title: string;
  /** What is wrong here, in the owner's words. */
  detail: string;
  fix: string;
}

function check(rule: string, detail: string): PostCheck {
  const { severity, title, fix } = rules[rule]!;
  return { rule, severity, title, detail, fix };
}

/**
 * The site checker's page rules applied to a post as it is being written: title and description length, one h1 (the
 * page gives the title as h1, so the body starts at h2), headings in order, alt text, internal links to pages that
 * exist (`knownPaths`: every page of the site).
 */
export function postChecks(fields: Pick<PostFields, 'title' | 'description' | 'body' | 'coverId' | 'coverAlt'>, knownPaths: ReadonlySet<string>): PostCheck[] {
  const found: PostCheck[] = [];
  const title = fields.title.trim();
  if (!title) found.push(check('title-missing', 'The post has no title.'));
  else if (title.length > checkBounds.titleMax) found.push(check('title-too-long', `The title has ${plural(title.length, 'character')}.`));
  const description = fields.description.trim();
  if (!description) found.push(check('description-missing', 'The post has no description.'));
  else if (description.length < checkBounds.descriptionMin || description.length > checkBounds.descriptionMax) {
    found.push(check('description-length', `The description has ${plural(description.length, 'character')}.`));
  }
  // Headings outside fenced code: the title is the page's h1, so the body's first level is h2.
  const body = fields.body.replace(/^(```|~~~)[\s\S]*?^\1/gm, '');
  let level = 1;
  for (const [, hashes, text] of body.matchAll(/^(#{1,6})\s+(.+)$/gm)) {
    const next = hashes!.length;
    if (next === 1) found.push(check('h1-multiple', `"${text!.trim()}" is a second h1 (the title is the first). Use ## for it.`));
    else if (next > level + 1) found.push(check('heading-skip', `"${text!.trim()}" is an h${next} after an h${level}.`));
    level = next;
  }
  if (/<h1[\s>]/i.test(body)) found.push(check('h1-multiple', 'The body contains an <h1> element (the title is the page’s h1).'));
  for (const [, alt, src] of body.matchAll(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g)) {
    if (!alt!.trim()) found.push(check('img-alt-missing', `The image ${src} has no alt text: write it between the brackets, ![like this](${src}).`));
  }
  if (fields.coverId && !fields.coverAlt.trim()) found.push(check('img-alt-missing', 'The cover image has no alt text.'));
  for (const [, href] of body.matchAll(/(?<!!)\[[^\]]*\]\((\/[^)\s#?]*)[^)]*\)/g)) {
    const target = href!.length > 1 ? href!.replace(/\/$/, '') : href!;
    if (!knownPaths.has(target)) found.push(check('broken-link', `${target} is not a page of this site.`));
  }
  return found;
}
