import type { ReactNode } from 'react';
import { mailtoHref } from '~/config/business';
import { staticPages } from '~/config/pages';

/** The page a browser without JavaScript gets after posting the contact form. */
export function ContactOutcome({ title, text, tone, children }: { title: string; text: string; tone: 'success' | 'error'; children?: ReactNode }) {
  return (
    <div className="container-page max-w-3xl py-12">
      <div
        role={tone === 'error' ? 'alert' : 'status'}
        className={`rounded-2xl p-6 ${tone === 'error' ? 'bg-red-50 text-red-900' : 'bg-emerald-50 text-emerald-900'}`}
      >
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-lg">{text}</p>
      </div>
      {children ? (
        <div className="mt-8">{children}</div>
      ) : (
        <p className="mt-8 flex flex-wrap gap-3">
          <a href={staticPages.home.path} className="btn-primary">
            Back to the home page
          </a>
          <a href={staticPages.blog.path} className="btn-secondary">
            Read the blog
          </a>
          <a href={mailtoHref} className="btn-secondary">
            E-mail instead
          </a>
        </p>
      )}
    </div>
  );
}
