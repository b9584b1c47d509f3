/** Build-time content queries shared by routes, so ordering and mapping live in one place. */
import { getCollection, type CollectionEntry } from 'astro:content';
import { paths } from '../config/paths';
import type { CaseStudySummary, TestimonialSummary } from '../components/ui/cards';

const byOrder = <T extends { data: { order: number } }>(a: T, b: T) => a.data.order - b.data.order;

export async function services() {
  return (await getCollection('services')).sort(byOrder);
}

export async function landingPages(kind?: CollectionEntry<'landing'>['data']['kind']) {
  const all = await getCollection('landing');
  return kind ? all.filter((e) => e.data.kind === kind) : all;
}

export async function posts() {
  return (await getCollection('posts')).sort((a, b) => b.data.published.getTime() - a.data.published.getTime());
}

export async function caseStudies() {
  return (await getCollection('caseStudies')).sort(byOrder);
}

export function toCaseStudySummary(entry: CollectionEntry<'caseStudies'>): CaseStudySummary {
  const { data } = entry;
  return {
    id: entry.id,
    href: data.hasInternalPage ? paths.project(entry.id) : null,
    title: data.name,
    client: data.client,
    industry: data.industry,
    summary: data.summary,
    headline: data.headline,
    externalUrl: data.externalUrl,
    metrics: data.metrics,
  };
}

export async function testimonials(): Promise<TestimonialSummary[]> {
  const entries = await getCollection('testimonials');
  return entries
    .sort((a, b) => b.data.date.getTime() - a.data.date.getTime())
    .map(({ data }) => ({
      name: data.name,
      role: `${data.role}, ${data.company}`,
      quote: data.quote,
      rating: data.rating,
      caseStudyHref: data.caseStudy ? paths.project(data.caseStudy.id) : undefined,
    }));
}

export async function faqs(group: 'main' | 'pricing') {
  return (await getCollection('faqs')).filter((e) => e.data.group === group).sort(byOrder).map((e) => e.data);
}

/** Words in a Markdown body, for reading time and BlogPosting.wordCount. */
export function wordCount(markdown: string | undefined): number {
  return (markdown ?? '').replace(/[#>*_`\-[\]()!|]/g, ' ').split(/\s+/).filter(Boolean).length;
}

export interface PageLink {
  name: string;
  href: string;
}

export async function serviceLinks(): Promise<PageLink[]> {
  return (await services()).map((e) => ({ name: e.data.name, href: paths.service(e.id) }));
}

export async function landingLinks(kind: CollectionEntry<'landing'>['data']['kind']): Promise<PageLink[]> {
  return (await landingPages(kind)).map((e) => ({ name: e.data.name, href: paths.rootPage(e.id) }));
}
