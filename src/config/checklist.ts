import { paths } from './paths';

/** The free local SEO checklist (the lead magnet): its file, title and where it is offered. Content: src/content/checklist.yaml. */
export const checklist = {
  title: 'The local SEO checklist',
  subtitle: (checks: number) => `${checks} checks for a small business, from Google Business Profile to page speed`,
  /** Built at this path; not in the sitemap (the download follows the request form). */
  path: paths.checklist,
  fileName: 'local-seo-checklist.pdf',
  /** When its content last changed: the PDF's creation date, so rebuilds give the same file. */
  updated: '2026-11-23',
  /** What the success page says above the download link. */
  readyText: 'Your free local SEO checklist is ready.',
  linkLabel: 'Download the checklist (PDF)',
  /** The PDF's own words around the checks. */
  intro:
    'Work through one section at a time and tick each check once it is done. Every item says why it matters, so you ' +
    'can decide what to do first. Most checks take minutes and need no technical knowledge.',
  offer: {
    title: 'Want a second pair of eyes?',
    text: (ownerName: string) => `${ownerName} checks all of this, and more, in a free SEO audit of your website. `,
    linkLabel: 'Ask for your free audit',
    call: (phone: string) => ` or call ${phone}.`,
  },
} as const;
