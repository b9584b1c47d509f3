import { staticPages } from './pages';
import { paths } from './paths';

export interface NavLink {
  label: string;
  href: string;
}

export const headerNav: NavLink[] = [
  { label: staticPages.services.name, href: staticPages.services.path },
  { label: 'Pricing', href: paths.homeSection('pricing') },
  { label: staticPages.portfolio.name, href: staticPages.portfolio.path },
  { label: staticPages.about.name, href: staticPages.about.path },
  { label: staticPages.blog.name, href: staticPages.blog.path },
  { label: staticPages.contact.name, href: staticPages.contact.path },
];

/** Every "Get a Free Audit" button leads to the instant audit, whose page keeps the contact form one click away. */
export const primaryCta: NavLink = { label: 'Get a Free Audit', href: paths.freeAudit };
export const callCta: NavLink = { label: 'Book a 15-min call', href: paths.contact('call') };
export const checklistCta: NavLink = { label: 'Get the PDF', href: paths.contact('seo-checklist') };
