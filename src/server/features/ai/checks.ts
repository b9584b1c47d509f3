/**
 * What a finished answer must satisfy before it is called done: meta tags within their lengths, a blog post whose
 * front matter the posts collection accepts, a service description with its real price range, and no price the
 * business does not charge. Problems go back to the model once; whatever is left is shown as a warning.
 */
import yaml from 'js-yaml';
import { z } from 'zod';
import { aiLimits, aiProblems, type AiContentType, type AiServiceKey } from '~/config/ai';
import { describeRange, formatGbp, serviceOffers } from '~/config/pricing';
import { allowedPrices, ukDate } from './prompts';

export interface MetaTags {
  title: string;
  description: string;
}

export interface CheckedOutput {
  /** What the owner copies or downloads: meta tags as HTML, a post with normalised front matter, or the text. */
  content: string;
  problems: string[];
  meta?: MetaTags;
  /** File name for a blog post's download. */
  filename?: string;
}

const poundAmount = /£\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?(\s?k\b)?/gi;

/** Amounts in pounds the text states. */
export function statedPrices(text: string): number[] {
  return [...text.matchAll(poundAmount)].map((match) => Number(match[1]!.replace(/,/g, '')) * (match[2] ? 1000 : 1));
}

function priceProblems(text: string): string[] {
  const allowed = allowedPrices();
  const invented = [...new Set(statedPrices(text).filter((amount) => !allowed.has(amount)))];
  return invented.map((amount) => aiProblems.unknownPrice(formatGbp(amount)));
}

function titleProblem(title: string, max: number): string | null {
  const length = [...title].length;
  if (length === 0) return aiProblems.titleMissing;
  return length > max ? aiProblems.titleLong(length, max) : null;
}

function descriptionProblem(description: string, min: number, max: number): string | null {
  const length = [...description].length;
  if (length > max) return aiProblems.descriptionLong(length, max);
  if (length < min) return aiProblems.descriptionShort(length, min);
  return null;
}

/** A model may wrap its whole answer in a code fence despite being asked not to. */
function unfenced(text: string): string {
  const fenced = /^\s*```[\w-]*\s*\n([\s\S]*?)\n```\s*$/.exec(text);
  return (fenced ? fenced[1]! : text).trim();
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function checkMeta(text: string): CheckedOutput {
  const body = unfenced(text);
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  let parsed: unknown = null;
  try {
    parsed = start >= 0 && end > start ? JSON.parse(body.slice(start, end + 1)) : null;
  } catch {
    parsed = null;
  }
  const shape = z.object({ title: z.string(), description: z.string() }).safeParse(parsed);
  if (!shape.success) return { content: text, problems: [aiProblems.notMetaTags] };
  const meta = { title: shape.data.title.trim(), description: shape.data.description.trim() };
  const { titleMax, descriptionMin, descriptionMax } = aiLimits.meta;
  const problems = [
    titleProblem(meta.title, titleMax),
    descriptionProblem(meta.description, descriptionMin, descriptionMax),
    ...priceProblems(`${meta.title} ${meta.description}`),
  ].filter((p): p is string => p !== null);
  const content = `<title>${escapeHtml(meta.title)}</title>\n<meta name="description" content="${escapeHtml(meta.description)}">`;
  return { content, problems, meta };
}

const frontMatter = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.union([z.array(z.union([z.string(), z.number()])), z.string()]),
});

function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 60)
      .replace(/-+$/, '') || 'post'
  );
}

function checkBlog(text: string, now: Date): CheckedOutput {
  const body = unfenced(text);
  const match = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n([\s\S]*))?$/.exec(body);
  if (!match) return { content: text, problems: [aiProblems.noPostDetails] };
  let data: unknown;
  try {
    data = yaml.load(match[1]!, { schema: yaml.CORE_SCHEMA });
  } catch {
    data = null;
  }
  const fields = frontMatter.safeParse(data);
  if (!fields.success) return { content: text, problems: [aiProblems.postDetailsIncomplete] };
  const title = fields.data.title.trim();
  const description = fields.data.description.trim();
  const keywords = (Array.isArray(fields.data.keywords) ? fields.data.keywords.map(String) : fields.data.keywords.split(','))
    .map((k) => k.trim())
    .filter(Boolean);
  const article = (match[2] ?? '').trim();
  const { titleMax, descriptionMin, descriptionMax } = aiLimits.blog;
  const problems = [
    titleProblem(title, titleMax),
    descriptionProblem(description, descriptionMin, descriptionMax),
    keywords.length === 0 ? aiProblems.noKeywords : null,
    article.length < 200 ? aiProblems.articleShort : null,
    ...priceProblems(body),
  ].filter((p): p is string => p !== null);
  // The front matter the posts collection (src/content.config.ts) reads, dated today.
  const today = ukDate(now);
  const head = yaml.dump({ name: title, title, description, updated: today, published: today, keywords }, { lineWidth: -1, flowLevel: 1 });
  return { content: `---\n${head}---\n\n${article}\n`, problems, filename: `${slug(title)}.md` };
}

function checkService(text: string, service: AiServiceKey | undefined): CheckedOutput {
  const content = unfenced(text);
  const problems = priceProblems(content);
  const range = service ? serviceOffers[service].range : null;
  if (range && range.unit !== 'free') {
    const stated = statedPrices(content);
    if (!stated.includes(range.min) || !stated.includes(range.max)) problems.push(aiProblems.rangeMissing(describeRange(range)));
  }
  if (content.length < 100) problems.push(aiProblems.serviceShort);
  return { content, problems };
}

export function checkOutput(type: AiContentType, text: string, service?: AiServiceKey, now = new Date()): CheckedOutput {
  if (type === 'meta') return checkMeta(text);
  if (type === 'blog') return checkBlog(text, now);
  return checkService(text, service);
}
