import type { ReactNode } from 'react';

interface Props {
  eyebrow?: string;
  title: string;
  lead?: string;
  children?: ReactNode;
}

/** The top of every inner page: the page's single h1 and its opening paragraph. */
export function PageHero({ eyebrow, title, lead, children }: Props) {
  return (
    <div className="container-page pt-8 pb-12 sm:pt-12">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1 className="mt-2 max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl">{title}</h1>
      {lead && <p className="mt-5 max-w-3xl text-xl leading-relaxed text-muted">{lead}</p>}
      {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
    </div>
  );
}
