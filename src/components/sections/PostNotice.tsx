import { staticPages } from '~/config/pages';

/** The page an admin post's address answers with when it cannot be shown: its status, why, and the way to the blog. */
function PostNotice({ status, title, text }: { status: number; title: string; text: string }) {
  return (
    <div className="container-page py-16 text-center sm:py-24">
      <p className="eyebrow">Error {status}</p>
      <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">{title}</h1>
      <p className="mx-auto mt-5 max-w-2xl text-lg text-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={staticPages.blog.path} className="btn-primary">
          Go to the blog
        </a>
      </div>
    </div>
  );
}

/** An admin post that was unpublished: its address answers 410 Gone with this page. */
export const PostGone = () => (
  <PostNotice status={410} title="This post has been removed" text="It is no longer published. The other guides are on the blog." />
);

/** An admin post that cannot be read just now (the database does not answer): its address answers 503 with this page. */
export const PostUnavailable = () => (
  <PostNotice status={503} title="This post cannot be shown just now" text="Please try again in a minute. In the meantime, the other guides are on the blog." />
);
