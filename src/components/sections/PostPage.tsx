import type { ReactNode } from 'react';
import { business } from '~/config/business';
import { staticPages } from '~/config/pages';
import { formatDate, isoDay } from '~/lib/format';
import { readingMinutes } from '~/lib/reading';
import { CtaBand } from '~/components/ui/CtaBand';
import { FaqList, type FaqItem } from '~/components/ui/FaqList';

/** The cover's width in the layout, for the browser's choice among its sizes (and the route's preload header). */
export const coverSizes = '(min-width: 768px) 48rem, 100vw';

interface Props {
  title: string;
  description: string;
  published: Date;
  updated: Date;
  words: number;
  faqs: FaqItem[];
  /** A post's cover: AVIF and WebP at several widths, in the first screen on a laptop (often the largest paint). */
  cover?: { avif: string; webp: string; src: string; width: number; height: number; alt: string };
  children: ReactNode;
}

export function PostPage({ title, description, published, updated, words, faqs, cover, children }: Props) {
  const revised = isoDay(updated) !== isoDay(published);
  return (
    <>
      <article className="container-page pt-8 sm:pt-12">
        <header className="max-w-3xl">
          <p className="eyebrow">Guide</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl">{title}</h1>
          <p className="mt-5 text-xl leading-relaxed text-muted">{description}</p>
          <p className="mt-6 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
            <span>
              By{' '}
              <a href={staticPages.about.path} className="link" rel="author">
                {business.owner.name}
              </a>
            </span>
            <span>
              Published <time dateTime={isoDay(published)}>{formatDate(published)}</time>
            </span>
            {revised && (
              <span>
                Updated <time dateTime={isoDay(updated)}>{formatDate(updated)}</time>
              </span>
            )}
            <span>{readingMinutes(words)} min read</span>
          </p>
        </header>
        {cover && (
          <picture>
            <source type="image/avif" srcSet={cover.avif} sizes={coverSizes} />
            <source type="image/webp" srcSet={cover.webp} sizes={coverSizes} />
            <img
              src={cover.src}
              alt={cover.alt}
              width={cover.width}
              height={cover.height}
              // Eager and first in line: it is the page's largest paint on a laptop, which lazy loading would delay.
              fetchPriority="high"
              className="mt-8 h-auto w-full max-w-3xl rounded-2xl"
            />
          </picture>
        )}
        <div className="prose mt-10">{children}</div>
        {faqs.length > 0 && (
          <section aria-labelledby="post-faq" className="mt-12 max-w-3xl">
            <h2 id="post-faq" className="mb-6 text-2xl font-bold text-ink">
              Questions readers ask
            </h2>
            <FaqList items={faqs} />
          </section>
        )}
        <aside aria-label="About the author" className="mt-12 max-w-3xl rounded-2xl border border-slate-200 bg-slate-50 p-6">
          <p className="font-semibold text-ink">
            {business.owner.name}, {business.owner.title}
          </p>
          <p className="mt-2 text-slate-700">
            Helps businesses in {business.address.locality} and across {business.address.region} get found on Google, with websites that load fast and turn
            visitors into enquiries.{' '}
            <a href={staticPages.about.path} className="link">
              More about {business.owner.name.split(' ')[0]}
            </a>
          </p>
        </aside>
      </article>
      <CtaBand />
    </>
  );
}
