import { formatDate, isoDay } from '~/lib/format';
import { paths } from '~/config/paths';
import { CtaBand } from '~/components/ui/CtaBand';
import { PageHero } from '~/components/ui/PageHero';

interface PostLink {
  href: string;
  title: string;
  description: string;
  published: Date;
}

export function BlogIndex({ posts }: { posts: PostLink[] }) {
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title="Practical SEO and web design guides"
        lead="Clear, practical advice for small-business owners who want to be found online, written from real client work."
      >
        <a href={paths.feed} className="link">
          Subscribe by RSS
        </a>
      </PageHero>
      <ul className="container-page grid gap-6 md:grid-cols-3">
        {posts.map((post) => (
          <li key={post.href}>
            <article className="group relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm hover:shadow-md">
              <p className="text-sm text-muted">
                <time dateTime={isoDay(post.published)}>{formatDate(post.published)}</time>
              </p>
              <h2 className="mt-2 text-xl font-semibold text-ink">
                <a href={post.href} className="no-underline after:absolute after:inset-0 after:rounded-2xl hover:text-brand-700">
                  {post.title}
                </a>
              </h2>
              <p className="mt-3 flex-1 text-slate-700">{post.description}</p>
              <p aria-hidden="true" className="mt-4 font-semibold text-brand-700">
                Read the guide →
              </p>
            </article>
          </li>
        ))}
      </ul>
      <CtaBand />
    </>
  );
}
