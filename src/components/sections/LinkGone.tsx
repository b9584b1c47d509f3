import { mailtoHref } from '~/config/business';
import { staticPages } from '~/config/pages';
import { reportText } from '~/config/report';

/** A client's report link that expired or was withdrawn (answered 410): what happened, and where to go. */
export function LinkGone() {
  return (
    <div className="py-10 text-center">
      <p className="eyebrow">Error 410</p>
      <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{reportText.linkGone}</h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">{reportText.linkGoneHelp}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={staticPages.home.path} className="btn-primary">
          Go to the home page
        </a>
        <a href={mailtoHref} className="btn-secondary">
          E-mail for help
        </a>
      </div>
    </div>
  );
}
