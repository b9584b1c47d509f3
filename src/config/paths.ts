import { publicEndpoints } from './endpoints.mjs';
import { postPath } from './post-path.mjs';

// Every address of the public site in one module: its pages, the URL shapes of content entries and the public
// endpoints; routes, links, the sitemap and structured data all use these (pages.ts gives the pages their titles and
// dates). Plain-JavaScript code (the HTTP front, scripts) reads the few it needs from ./endpoints.mjs and
// ./post-path.mjs, which this module uses in turn, so each is written once. The admin's addresses are in ./admin
// (`adminPaths`) and ./posts (`postPaths`): the public pages' scripts load this module, and should not carry them.
export const paths = {
  home: '/',
  services: '/services',
  about: '/about',
  portfolio: '/portfolio',
  testimonials: '/testimonials',
  mediaKit: '/media-kit',
  blog: '/blog',
  service: (id: string) => `/services/${id}`,
  post: (id: string): string => postPath(id),
  project: (id: string) => `/project/${id}`,
  /** Landing and legal pages live at the site root. */
  rootPage: (id: string) => `/${id}`,
  contact: (type?: 'audit' | 'call' | 'seo-checklist') => (type ? `/contact?type=${type}` : '/contact'),
  /** Where a browser without JavaScript lands after sending the form; the checklist request gets its download. */
  contactSent: '/contact/sent',
  /** The form again with its messages, for a browser without JavaScript whose post was refused (rendered on demand). */
  contactResult: '/contact/result',
  checklistSent: '/contact/checklist',
  /** The accessibility panel's markup, fetched by its script (src/lib/a11y-panel.ts) rather than sent with every page. */
  accessibilityPanel: '/accessibility-panel.json',
  /** The free local SEO checklist's PDF (src/config/checklist.ts); not in the sitemap. */
  checklist: '/downloads/local-seo-checklist.pdf',
  /** The free instant audit: the form, each audit's results (unguessable id, noindex) and the pages and API behind it. */
  freeAudit: '/free-seo-audit',
  auditResult: (id: string) => `/free-seo-audit/results/${id}`,
  auditRefused: '/free-seo-audit/refused',
  auditApi: publicEndpoints.audit,
  auditEvents: (id: string) => `/api/audit/${id}/events`,
  auditReport: (id: string) => `/api/audit/${id}/report`,
  feed: '/rss.xml',
  sitemap: '/sitemap.xml',
  homeSection: (anchor: 'services' | 'pricing' | 'projects' | 'reviews' | 'contact') => `/#${anchor}`,
} as const;
