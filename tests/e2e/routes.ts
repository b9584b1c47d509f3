/**
 * The public routes of SPEC §2, written out independently of the site's own registries so the tests catch a page
 * that goes missing or appears unannounced. Each lists the JSON-LD types it must carry besides the business.
 */
export interface ExpectedRoute {
  path: string;
  types: string[];
  /** Visible breadcrumb labels after Home; empty on home. */
  trail: string[];
}

const services = ['seo', 'local-seo', 'web-design', 'digital-marketing', 'analytics-reporting'];
const audiences = ['local-business', 'startup-growth', 'agency-partnership', 'personal-brand'];
const projects = [
  'ecommerce-seo',
  'ecommerce-growth',
  'saas-platform',
  'smart-tutors',
  'web-design-revamp',
  'dog-teeth-cleanings',
  'ro-auto-market',
  'corporate-redesign',
];
const posts = ['local-seo-mistakes', 'technical-seo-checklist', 'google-business-profile-guide'];

const crumbs = ['BreadcrumbList'];

export const expectedRoutes: ExpectedRoute[] = [
  { path: '/', types: ['WebSite', 'Person', 'FAQPage'], trail: [] },
  { path: '/services', types: ['ItemList', ...crumbs], trail: ['Services'] },
  ...services.map((s) => ({ path: `/services/${s}`, types: ['Service', 'FAQPage', ...crumbs], trail: ['*'] })),
  ...audiences.map((a) => ({ path: `/${a}`, types: ['Service', 'FAQPage', ...crumbs], trail: ['*'] })),
  { path: '/seo-audit', types: ['Service', 'HowTo', 'FAQPage', ...crumbs], trail: ['Free SEO Audit'] },
  { path: '/technical-seo-audit', types: ['Service', 'HowTo', 'FAQPage', ...crumbs], trail: ['Technical SEO Audit'] },
  { path: '/hatfield-seo-services', types: ['Service', 'FAQPage', ...crumbs], trail: ['Hatfield SEO Services'] },
  { path: '/hertfordshire-seo', types: ['Service', 'FAQPage', ...crumbs], trail: ['Hertfordshire SEO'] },
  { path: '/about', types: ['Person', ...crumbs], trail: ['About'] },
  { path: '/portfolio', types: ['ItemList', ...crumbs], trail: ['Portfolio'] },
  { path: '/testimonials', types: [...crumbs], trail: ['Testimonials'] },
  { path: '/media-kit', types: ['Person', ...crumbs], trail: ['Media Kit'] },
  ...projects.map((p) => ({ path: `/project/${p}`, types: crumbs, trail: ['Projects', '*'] })),
  { path: '/blog', types: ['ItemList', ...crumbs], trail: ['Blog'] },
  ...posts.map((p) => ({ path: `/blog/${p}`, types: ['BlogPosting', ...crumbs], trail: ['*'] })),
  { path: '/contact', types: crumbs, trail: ['Contact'] },
  { path: '/privacy-policy', types: crumbs, trail: ['Privacy Policy'] },
  { path: '/terms-of-service', types: crumbs, trail: ['Terms of Service'] },
  { path: '/accessibility-statement', types: crumbs, trail: ['Accessibility Statement'] },
];
