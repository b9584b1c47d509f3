import { staticPages } from '~/config/pages';

/** An admin post that was unpublished: its address answers 410 Gone with this page. */
export function PostGone() {
  return (
    <div className="container-page py-16 text-center sm:py-24">
      <p className="eyebrow">Error 410</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">This post has been removed</h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">It is no longer published. The other guides are on the blog.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={staticPages.blog.path} className="btn-primary">
          Go to the blog
        </a>
      </div>
    </div>
  );
}
