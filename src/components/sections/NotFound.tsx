import { mailtoHref } from '~/config/business';
import { staticPages } from '~/config/pages';

const suggestions = [staticPages.services, staticPages.portfolio, staticPages.blog, staticPages.contact];

export function NotFound() {
  return (
    <div className="container-page py-16 text-center sm:py-24">
      <p className="eyebrow">Error 404</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">This page could not be found</h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">
        The link may be out of date, or the address may have a typo. Everything on the site is a click or two from the home page.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={staticPages.home.path} className="btn-primary">
          Go to the home page
        </a>
        <a href={mailtoHref} className="btn-secondary">
          E-mail for help
        </a>
      </div>
      <nav aria-label="Popular pages" className="mt-12">
        <h2 className="text-lg font-semibold text-ink">Popular pages</h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
          {suggestions.map((page) => (
            <li key={page.path}>
              <a href={page.path} className="link">
                {page.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
