/** What the generator's output becomes: a post's file name, meta tags read back from HTML, a copy, a download. */
import { aiMessages } from '~/config/ai';
import yaml from 'js-yaml';
import { toast } from '~/lib/toast';

export const formatNumber = (n: number) => n.toLocaleString('en-GB');

export interface MetaTags {
  title: string;
  description: string;
}

/** A post's file name from its front matter, for a post reopened from the history. */
export function postFilename(markdown: string): string {
  const title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(markdown)?.[1] ?? 'post';
  const slug = title
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60);
  return `${slug || 'post'}.md`;
}

/** Meta tags back from the HTML the history stores. */
export function metaFromHtml(html: string): MetaTags | undefined {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const title = doc.querySelector('title')?.textContent;
  const description = doc.querySelector('meta[name="description"]')?.getAttribute('content');
  return title && description ? { title, description } : undefined;
}

/** Copies text, saying in a toast whether the browser allowed it. */
export async function copyText(content: string) {
  try {
    await navigator.clipboard.writeText(content);
    toast({ title: aiMessages.copied.title, description: aiMessages.copied.description, variant: 'success' });
  } catch {
    toast({ title: aiMessages.copyFailed.title, description: aiMessages.copyFailed.description, variant: 'destructive' });
  }
}

export function download(content: string, filename: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

export interface PostDraft {
  title: string;
  description: string;
  keywords: string[];
  body: string;
}

/**
 * A generated blog post (front matter, then the article) as the post editor's fields; questions in its front matter
 * become a section of the body, so nothing generated is lost.
 */
export function postDraftFromMarkdown(markdown: string): PostDraft {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(markdown.trim());
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = match ? yaml.load(match[1]!) : null;
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    // Front matter that does not parse: the whole text becomes the body.
  }
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const faqs = Array.isArray(data.faqs) ? (data.faqs as { question?: unknown; answer?: unknown }[]).filter((f) => text(f?.question) && text(f?.answer)) : [];
  const faqSection = faqs.length ? `\n\n## Questions readers ask\n\n${faqs.map((f) => `### ${text(f.question)}\n\n${text(f.answer)}`).join('\n\n')}` : '';
  return {
    title: text(data.title),
    description: text(data.description),
    keywords: Array.isArray(data.keywords) ? data.keywords.map(String) : [],
    body: `${(match ? match[2]! : markdown).trim()}${faqSection}`,
  };
}
