import { staticPages } from '~/config/pages';

/** An admin post that cannot be read just now (the database does not answer): its address answers 503 with this page. */
export function PostUnavailable() {
  return (
    <div className="container-page py-16 text-center sm:py-24">
      <p className="eyebrow">Error 503</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">This post cannot be shown just now</h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">Please try again in a minute. In the meantime, the other guides are on the blog.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={staticPages.blog.path} className="btn-primary">
          Go to the blog
        </a>
      </div>
    </div>
  );
}
