import { defineCollection, reference } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { fillFacts } from './config/facts';
import { postLimits } from './config/posts';
import { serviceOfferKeys } from './config/pricing';
import { snippetLimits } from './config/search-snippet.mjs';

/** Text that may quote facts as {{key}}; filled at build time so no figure is typed twice. */
const prose = z.string().min(1).transform(fillFacts);
const isoDate = z.coerce.date();
const faq = z.object({ question: prose, answer: prose });

/** Head tags and the breadcrumb label every page-like entry needs. */
const pageFields = {
  name: z.string().min(2),
  title: prose.refine((t) => t.length <= snippetLimits.titleMax, `title must be at most ${snippetLimits.titleMax} characters`),
  description: prose.refine(
    (d) => d.length >= snippetLimits.descriptionMin && d.length <= snippetLimits.descriptionMax,
    `description must be ${snippetLimits.descriptionMin}–${snippetLimits.descriptionMax} characters`,
  ),
  updated: isoDate,
};

const howTo = z.object({
  name: prose,
  description: prose,
  totalTime: z.string().regex(/^P(T?\d+[HMDW])+$/, 'ISO 8601 duration'),
  steps: z.array(z.object({ name: prose, text: prose })).min(2),
});

const services = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/services' }),
  schema: z.object({
    ...pageFields,
    order: z.number().int(),
    summary: prose,
    /** Indicative price range from src/config/pricing; without one the page offers a tailored quote. */
    offer: z.enum(serviceOfferKeys).optional(),
    features: z.array(prose).min(3),
    faqs: z.array(faq).default([]),
  }),
});

const landing = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/landing' }),
  schema: z.object({
    ...pageFields,
    kind: z.enum(['audience', 'local', 'audit']),
    summary: prose,
    offer: z.enum(serviceOfferKeys).optional(),
    highlights: z.array(z.object({ title: prose, text: prose })).min(3),
    faqs: z.array(faq).default([]),
    howTo: howTo.optional(),
  }),
});

const posts = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/posts' }),
  schema: z.object({
    ...pageFields,
    published: isoDate,
    keywords: z.array(z.string()).min(1),
    faqs: z.array(faq).default([]),
    /**
     * A cover drawn from the post (scripts/generate-artwork.mjs: its title and its numbered headings on a card in the
     * brand's colours), shown as an admin post's is; `alt` says what it shows.
     */
    cover: z.object({ alt: z.string().min(1).max(postLimits.altMax) }).optional(),
  }),
});

const caseStudies = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/case-studies' }),
  schema: z.object({
    ...pageFields,
    client: z.string(),
    industry: z.string(),
    location: z.string(),
    summary: prose,
    headline: z.string().max(40),
    services: z.array(z.string()).min(1),
    externalUrl: z.string().url().optional(),
    hasInternalPage: z.boolean(),
    featured: z.boolean(),
    order: z.number().int(),
    metrics: z.object({ timeline: z.string(), traffic: z.string(), conversions: z.string(), revenue: z.string() }),
    /** Accent of the client's brand, used for the generated before/after artwork. */
    brandColour: z.string().regex(/^#[0-9a-f]{6}$/i),
    /** Lighthouse scores after launch (performance, accessibility, best practices, SEO), drawn as PageSpeed cards. */
    pagespeed: z
      .object({ mobile: z.array(z.number().int().min(0).max(100)).length(4), desktop: z.array(z.number().int().min(0).max(100)).length(4) })
      .optional(),
  }),
});

const legal = defineCollection({
  loader: glob({ pattern: '*.md', base: './src/content/legal' }),
  schema: z.object(pageFields),
});

const testimonials = defineCollection({
  loader: file('./src/content/testimonials.yaml'),
  schema: z.object({
    name: z.string(),
    role: z.string(),
    company: z.string(),
    quote: prose,
    rating: z.number().int().min(1).max(5),
    date: isoDate,
    caseStudy: reference('caseStudies').optional(),
  }),
});

const faqs = defineCollection({
  loader: file('./src/content/faqs.yaml'),
  schema: z.object({
    group: z.enum(['main', 'pricing']),
    category: z.enum(['SEO Services', 'Web Design', 'Local SEO', 'Pricing & Process']),
    question: prose,
    answer: prose,
    order: z.number().int(),
  }),
});

/** The free local SEO checklist, one entry per section; built into the PDF offered after the request form. */
const checklist = defineCollection({
  loader: file('./src/content/checklist.yaml'),
  schema: z.object({
    order: z.number().int(),
    title: prose,
    intro: prose,
    items: z.array(z.object({ check: prose, why: prose })).min(2),
  }),
});

export const collections = { services, landing, posts, caseStudies, legal, testimonials, faqs, checklist };
