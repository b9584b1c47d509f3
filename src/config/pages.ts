import { paths } from './paths';
import { reportText } from './report';

/**
 * Pages that are not generated from a content collection: their path, label (navigation and breadcrumbs),
 * head tags and the date their content last changed (sitemap lastmod). Titles get the business name appended
 * when it fits; `{{fact}}` tokens are filled from src/config/facts.
 */
export interface StaticPage {
  path: string;
  name: string;
  title: string;
  description: string;
  updated: string;
}

export const staticPages = {
  home: {
    path: paths.home,
    name: 'Home',
    title: 'SEO Specialist & Web Designer in Hatfield',
    description:
      'Hatfield SEO specialist and web designer helping Hertfordshire businesses rank higher, load faster and win more enquiries. Transparent pricing from {{starterPrice}}/month.',
    updated: '2026-11-21',
  },
  services: {
    path: paths.services,
    name: 'Services',
    title: 'SEO, Local SEO & Web Design Services',
    description:
      'SEO, local SEO, technical audits, web design, digital marketing and analytics reporting for Hertfordshire businesses, with clear prices and monthly reports.',
    updated: '2026-11-21',
  },
  about: {
    path: paths.about,
    name: 'About',
    title: 'About {{ownerName}}, SEO Specialist in Hatfield',
    description:
      'Meet {{ownerName}}: SEO specialist and web designer in Hatfield, Hertfordshire. How the studio works, what it believes in and the certifications behind it.',
    updated: '2026-11-21',
  },
  portfolio: {
    path: paths.portfolio,
    name: 'Portfolio',
    title: 'SEO & Web Design Portfolio and Case Studies',
    description: 'Case studies of SEO and web design projects: the starting point, the work done and the measured change in traffic, enquiries and revenue.',
    updated: '2026-11-21',
  },
  testimonials: {
    path: paths.testimonials,
    name: 'Testimonials',
    title: 'Client Reviews and Testimonials',
    description:
      'What clients say about working with {{businessName}} on SEO and web design projects in Hatfield, Hertfordshire and beyond, in their own words.',
    updated: '2026-11-21',
  },
  mediaKit: {
    path: paths.mediaKit,
    name: 'Media Kit',
    title: 'Media Kit: Facts, Bio and Brand Assets',
    description:
      'Press and partner information about {{businessName}}: company facts, a short and long bio of {{ownerName}}, topics for interviews and brand guidance.',
    updated: '2026-11-21',
  },
  blog: {
    path: paths.blog,
    name: 'Blog',
    title: 'SEO & Web Design Blog: Practical Guides',
    description:
      'Practical SEO and web design guides for small businesses: local SEO, technical checklists and Google Business Profile advice from a Hatfield specialist.',
    updated: '2026-11-21',
  },
  freeAudit: {
    path: paths.freeAudit,
    name: 'Free SEO Audit',
    title: 'Free Instant SEO Audit of Your Website',
    description:
      'Type your website and watch it being checked: a score out of 100 and the SEO problems costing you customers, in plain English, in under a minute. Free.',
    updated: '2026-11-25',
  },
  contact: {
    path: paths.contact(),
    name: 'Contact',
    title: 'Contact {{businessName}}: Free SEO Consultation in Hatfield',
    description:
      'Ask for a free SEO audit, book a 15-minute call or send a message. Replies within {{responseTime}}, Monday to Friday, from a Hatfield-based specialist.',
    updated: '2026-11-21',
  },
} as const satisfies Record<string, StaticPage>;

/**
 * The pages an address answers with when it has nothing to show, by what happened: the status shown above the
 * heading, the heading, what the visitor can do, the ways on (the first the main one) and the pages suggested below
 * (none for a client's report link: they came for the report, not the site).
 */
export const errorPages = {
  notFound: {
    status: 404,
    title: 'This page could not be found',
    help: 'The link may be out of date, or the address may have a typo. Everything on the site is a click or two from the home page.',
    ways: ['home', 'mail'],
    suggestions: [staticPages.services, staticPages.portfolio, staticPages.blog, staticPages.contact],
  },
  reportGone: { status: 410, title: reportText.linkGone, help: reportText.linkGoneHelp, ways: ['home', 'mail'], suggestions: [] },
  postGone: {
    status: 410,
    title: 'This post has been removed',
    help: 'It is no longer published. The other guides are on the blog.',
    ways: ['blog'],
    suggestions: [],
  },
  postUnavailable: {
    status: 503,
    title: 'This post cannot be shown just now',
    help: 'Please try again in a minute. In the meantime, the other guides are on the blog.',
    ways: ['blog'],
    suggestions: [],
  },
} as const satisfies Record<string, { status: number; title: string; help: string; ways: readonly ErrorPageWay[]; suggestions: readonly StaticPage[] }>;

/** A way on from an error page: its link's label. */
export const errorPageWays = { home: 'Go to the home page', mail: 'E-mail for help', blog: 'Go to the blog' } as const;
export type ErrorPageWay = keyof typeof errorPageWays;

/** The heading (and the navigation's name) of an error page's suggested pages. */
export const errorPageSuggestions = 'Popular pages';

/** The small label above the title on each content page's social card (the image shown when a link is shared). */
export const socialCardSections = {
  service: 'Services',
  post: 'Blog',
  project: 'Case study',
  legal: 'Legal',
  audience: 'Who I help',
  local: 'Local SEO',
  audit: 'Free SEO audit',
} as const;

/** Project pages are under /project/{id}; their middle breadcrumb leads to the portfolio. */
export const projectTrailLabel = 'Projects';
export const projectFallbackLabel = 'Project Details';
