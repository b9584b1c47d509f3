/**
 * What the page's scripts add (the accessibility panel, a map, toasts, a form's states) is styled by the late
 * stylesheet the pages share, which the deferred loader adds only at the first interaction or when asked
 * (src/build/page-html.mjs): its arrival restyles the whole page, so it is not fetched for a visit that never needs it.
 * A script calls this before it shows anything; it resolves once the sheet has loaded (or failed: the script shows its
 * part all the same), at once on a page that inlines every rule its scripts need.
 */
export function lateStyled(): Promise<void> {
  const late = (window as Window & { __lateStyle?: () => HTMLLinkElement }).__lateStyle;
  if (!late) return Promise.resolve();
  const link = late();
  if (link.sheet || link.getAttribute('data-late-style')) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
