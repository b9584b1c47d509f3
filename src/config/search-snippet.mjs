// @ts-check
// How much of a page's title and meta description a search result shows: the one set of limits the site checks,
// the AI tools (their prompts and checks), the post editor and this site's own pages are all held to.
// Plain JavaScript so the command line's checker reads it without the bundle.

export const snippetLimits = Object.freeze({
  /** Google cuts titles at about 600 px, roughly 60 characters. */
  titleMax: 60,
  /** Shorter wastes the space to persuade. */
  descriptionMin: 120,
  /** Google cuts descriptions at about 920 px on a desktop, roughly 155–160 characters. */
  descriptionMax: 160,
});
