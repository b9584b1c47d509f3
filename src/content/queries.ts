/** Build-time content queries shared by routes, so ordering and mapping live in one place. */
import { getCollection, type CollectionEntry } from 'astro:content';
import { paths } from '~/config/paths';
import type { CaseStudySummary, TestimonialSummary } from '~/components/ui/cards';
import type { PictureData } from '~/components/ui/Picture';
import { hasImage, picture } from './images';

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

export interface CaseStudyImages {
  before: PictureData;
  after: PictureData;
  pagespeed?: { mobile: PictureData; desktop: PictureData };
}

const scoreNames = ['performance', 'accessibility', 'best practices', 'SEO'];

/** Before/after mock-ups and PageSpeed cards, sized for a card or for the case study page. */
export async function caseStudyImages(entry: CollectionEntry<'caseStudies'>, layout: 'card' | 'page'): Promise<CaseStudyImages> {
  const { client, pagespeed } = entry.data;
  const card = layout === 'card';
  // Before and after sit side by side at every width, so each is about half the card or, on the case study page, of
  // the story's column (beside the project details from 1024 px).
  const shot = { widths: card ? [320, 480] : [400, 640, 960], sizes: card ? '(min-width: 1024px) 170px, 45vw' : '(min-width: 1024px) 400px, 48vw' };
  const [before, after] = await Promise.all([
    picture(`${entry.id}-before`, { ...shot, alt: `${client} website before the project: a dated, cluttered layout that loaded slowly` }),
    picture(`${entry.id}-after`, {
      ...shot,
      alt: `${client} website after the project: a clean layout with a clear call to action`,
    }),
  ]);
  if (!pagespeed || !hasImage(`${entry.id}-pagespeed-mobile`)) return { before, after };
  const speed = { widths: card ? [360, 540] : [540, 900], sizes: card ? '(min-width: 1024px) 340px, 90vw' : '(min-width: 768px) 50vw, 100vw' };
  const describe = (scores: number[]) => scores.map((score, i) => `${scoreNames[i]} ${score}`).join(', ');
  const [mobile, desktop] = await Promise.all([
    picture(`${entry.id}-pagespeed-mobile`, { ...speed, alt: `PageSpeed Insights mobile scores for ${client}: ${describe(pagespeed.mobile)}` }),
    picture(`${entry.id}-pagespeed-desktop`, { ...speed, alt: `PageSpeed Insights desktop scores for ${client}: ${describe(pagespeed.desktop)}` }),
  ]);
  return { before, after, pagespeed: { mobile, desktop } };
}

export async function toCaseStudyCard(entry: CollectionEntry<'caseStudies'>): Promise<CaseStudySummary> {
  return { ...toCaseStudySummary(entry), images: await caseStudyImages(entry, 'card') };
}

export async function testimonials(): Promise<TestimonialSummary[]> {
  const entries = await getCollection('testimonials');
  const sorted = entries.sort((a, b) => b.data.date.getTime() - a.data.date.getTime());
  return Promise.all(
    sorted.map(async ({ id, data }) => ({
      name: data.name,
      role: `${data.role}, ${data.company}`,
      quote: data.quote,
      rating: data.rating,
      avatar: await picture(`avatar-${id}`, { alt: '', widths: [96], sizes: '48px' }),
      caseStudyHref: data.caseStudy ? paths.project(data.caseStudy.id) : undefined,
    })),
  );
}

export async function faqs(group: 'main' | 'pricing') {
  return (await getCollection('faqs'))
    .filter((e) => e.data.group === group)
    .sort(byOrder)
    .map((e) => e.data);
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
