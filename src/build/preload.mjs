// @ts-check
/**
 * A post's cover is its largest paint, and the browser finds it only once it has parsed the HTML down to the
 * <picture>. A `Link` header naming it (rel=preload, as=image, with the picture's first source: its type, srcset and
 * sizes, so the browser picks the very file the picture will) lets the request start with the response's headers
 * (Caddy 2.6 as packaged does not send it ahead as 103 Early Hints: docs/public-site.md). The build writes one for each built page whose
 * picture is marked fetchpriority="high" (dist/server/csp.json, `links`); the post route one for an admin post's cover.
 */

/**
 * @param {{ href: string, type: string, srcset: string, sizes: string }} image
 * @returns {string} the Link header's value
 */
export function imagePreloadLink({ href, type, srcset, sizes }) {
  return `<${href}>; rel=preload; as=image; type="${type}"; imagesrcset="${srcset}"; imagesizes="${sizes}"; fetchpriority=high`;
}

/** @param {string} tag @returns {Record<string, string>} its attributes, entities decoded */
function attributesOf(tag) {
  /** @type {Record<string, string>} */
  const found = {};
  for (const [, name, value] of tag.matchAll(/\s([\w-]+)="([^"]*)"/g)) {
    found[(name ?? '').toLowerCase()] = (value ?? '').replaceAll('&amp;', '&').replaceAll('&quot;', '"');
  }
  return found;
}

/**
 * The preload Link for a page's high-priority picture (its first source), or undefined when it has none.
 * @param {string} html
 * @returns {string | undefined}
 */
export function pagePreloadLink(html) {
  for (const [picture] of html.matchAll(/<picture\b[\s\S]*?<\/picture>/g)) {
    const img = /<img\b[^>]*>/.exec(picture)?.[0];
    if (!img || attributesOf(img).fetchpriority !== 'high') continue;
    const source = /<source\b[^>]*>/.exec(picture)?.[0];
    if (!source) return undefined;
    const { type, srcset, sizes } = attributesOf(source);
    const first = srcset?.split(',')[0]?.trim().split(/\s+/)[0];
    if (!type || !srcset || !sizes || !first) return undefined;
    return imagePreloadLink({ href: first, type, srcset, sizes });
  }
  return undefined;
}
