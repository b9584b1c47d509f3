import type { ReactNode } from 'react';

interface Props {
  id?: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  tone?: 'white' | 'muted';
  headingLevel?: 1 | 2;
  /** Fade in once when scrolled into view (home page sections). */
  reveal?: boolean;
  children: ReactNode;
}

/** A titled page band; its heading labels the region for assistive technology. */
export function Section({ id, eyebrow, title, lead, tone = 'white', headingLevel = 2, reveal = false, children }: Props) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section id={id} aria-labelledby={headingId} data-reveal={reveal ? '' : undefined} className={`py-16 sm:py-20 ${tone === 'muted' ? 'bg-slate-50' : ''}`}>
      <div className="container-page">
        <div className="max-w-3xl">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <Heading id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
            {title}
          </Heading>
          {lead && <p className="mt-4 text-lg leading-relaxed text-muted">{lead}</p>}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
