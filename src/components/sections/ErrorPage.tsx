import { mailtoHref } from '~/config/business';
import { type ErrorPageWay, errorPages, errorPageSuggestions, errorPageWays, staticPages } from '~/config/pages';

const wayHref: Record<ErrorPageWay, string> = { home: staticPages.home.path, mail: mailtoHref, blog: staticPages.blog.path };

/**
 * The page an address answers with when it has nothing to show (404 missing, 410 withdrawn, 503 unreadable just now):
 * what happened, the ways on, and pages to try. The words are in `errorPages` (src/config/pages.ts).
 */
export function ErrorPage({ page }: { page: keyof typeof errorPages }) {
  const { status, title, help, ways, suggestions } = errorPages[page];
  return (
    <div className="container-page py-16 text-center sm:py-24">
      <p className="eyebrow">Error {status}</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{title}</h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">{help}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {ways.map((way, index) => (
          <a key={way} href={wayHref[way]} className={index === 0 ? 'btn-primary' : 'btn-secondary'}>
            {errorPageWays[way]}
          </a>
        ))}
      </div>
      {suggestions.length > 0 && (
        <nav aria-label={errorPageSuggestions} className="mt-12">
          <h2 className="text-lg font-semibold text-ink">{errorPageSuggestions}</h2>
          <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
            {suggestions.map((suggested) => (
              <li key={suggested.path}>
                <a href={suggested.path} className="link">
                  {suggested.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
