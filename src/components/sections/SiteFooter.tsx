import { business, fullAddress, mailtoHref, telHref } from '~/config/business';
import { paths } from '~/config/paths';
import { staticPages } from '~/config/pages';
import { callCta, checklistCta, type NavLink } from '~/config/navigation';
import { CtaButtons } from '~/components/ui/CtaButtons';

// The footer's call button is worded 'Book 15-min call' (the header and the mobile bar say 'Book a 15-min call').
const footerCallCta: NavLink = { ...callCta, label: 'Book 15-min call' };
import { Icon, Stars } from '~/components/ui/Icon';

export interface FooterColumn {
  title: string;
  links: NavLink[];
}

interface Props {
  columns: FooterColumn[];
  legalLinks: NavLink[];
  reviewCount: number;
  copyrightYear: number;
}

function OpeningHours() {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {business.hours.map((slot) => (
        <div key={slot.days} className="contents">
          <dt className="text-slate-300">{slot.days}</dt>
          <dd>{slot.opens ? `${slot.opens}–${slot.closes}` : 'Closed'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SiteFooter({ columns, legalLinks, reviewCount, copyrightYear }: Props) {
  const years = copyrightYear > business.foundingYear ? `${business.foundingYear}–${copyrightYear}` : `${business.foundingYear}`;
  return (
    <footer className="mt-24 bg-slate-900 text-slate-100">
      <div className="border-b border-slate-700">
        <div className="container-page flex flex-col items-center justify-center gap-2 py-6 text-center sm:flex-row sm:gap-4">
          <Stars />
          <p className="text-sm">
            Rated {business.rating.value.toFixed(1)} out of {business.rating.best} by{' '}
            <a href={staticPages.testimonials.path} className="font-semibold text-white underline underline-offset-2">
              {reviewCount} client reviews
            </a>
          </p>
        </div>
      </div>

      <section aria-labelledby="checklist-heading" className="container-page py-12">
        <div className="flex flex-col gap-6 rounded-2xl bg-brand-800 p-8 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="checklist-heading" className="text-2xl font-bold text-white">
              Free local SEO checklist (PDF)
            </h2>
            <p className="mt-2 max-w-xl text-brand-100">
              The checklist used on every client audit, from Google Business Profile basics to page speed. Ask for a copy, or talk it through on a quick call.
            </p>
          </div>
          <CtaButtons tone="dark" links={[checklistCta, footerCallCta]} />
        </div>
      </section>

      <div className="container-page grid gap-10 pb-12 sm:grid-cols-2 lg:grid-cols-4">
        {columns.map((column) => (
          <nav key={column.title} aria-label={`${column.title} links`}>
            <h2 className="text-base font-semibold text-white">{column.title}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="text-slate-300 no-underline hover:text-white hover:underline">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <div>
          <h2 className="text-base font-semibold text-white">Contact</h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex items-start gap-2">
              <Icon name="mail" className="mt-0.5 h-4 w-4 shrink-0" />
              <a href={mailtoHref} className="text-slate-100 hover:underline">
                {business.email}
              </a>
            </p>
            <p className="flex items-start gap-2">
              <Icon name="phone" className="mt-0.5 h-4 w-4 shrink-0" />
              <a href={telHref} className="text-slate-100 hover:underline">
                {business.phone.display}
              </a>
            </p>
            <p className="flex items-start gap-2">
              <Icon name="pin" className="mt-0.5 h-4 w-4 shrink-0" />
              <span>{fullAddress}</span>
            </p>
          </address>
          <div className="mt-4">
            <OpeningHours />
          </div>
        </div>
      </div>

      <div className="border-t border-slate-700">
        <div className="container-page flex flex-col gap-4 py-6 text-sm text-slate-300 md:flex-row md:items-center md:justify-between">
          <p>
            © {years} {business.legalName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {legalLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} className="text-slate-300 hover:text-white hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
            <li>
              <a href={business.social.linkedin} className="text-slate-300 hover:text-white hover:underline" rel="me noopener">
                {business.owner.name} on LinkedIn
              </a>
            </li>
            <li>
              <a href={paths.sitemap} className="text-slate-300 hover:text-white hover:underline">
                Sitemap
              </a>
            </li>
          </ul>
        </div>
        <p className="container-page pb-6 text-xs text-slate-400">{business.sampleContentNotice}</p>
      </div>
    </footer>
  );
}
