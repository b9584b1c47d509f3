/**
 * An admin post's Markdown as HTML for the public site, with the build's Markdown features (GitHub-flavoured, facts
 * filled) and the trust of a public page: raw HTML is kept only where GitHub's allow-list keeps it (no script, iframe,
 * style, form or event attribute, whoever wrote the post), links to other sites get rel="noopener", and whatever a
 * reader's browser would fetch (every URL of `src`, `srcset`, `poster`…) must come from this site, on the page and in
 * any reader of its HTML.
 */
import type { Element, Root, RootContent } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { remarkFacts } from '~/lib/remark-facts';

const schema = {
  ...defaultSchema,
  // GitHub's list, without what a blog post does not need and a stolen session could misuse.
  tagNames: (defaultSchema.tagNames ?? []).filter((tag) => !['input', 'details', 'summary'].includes(tag)),
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto', 'tel'], src: ['http', 'https'] },
};

function walk(nodes: RootContent[], visit: (element: Element, index: number, siblings: RootContent[]) => void) {
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (node.type !== 'element') continue;
    visit(node, i, nodes);
    walk(node.children, visit);
  }
}

/**
 * Attributes (hast property names) whose URL a browser fetches by itself: any of them pointing elsewhere would show
 * the post's readers something from another site and tell it who reads. Wider than the schema allows today (`img
 * src`, `source srcset`), so a tag added to it later is judged too. `href` counts only outside `<a>`.
 */
const fetchedUrls = ['src', 'srcSet', 'poster', 'data', 'background', 'href', 'xLinkHref', 'imageSrcSet'];
/** Attributes that only name a URL (a quotation's source, a description): one elsewhere is dropped. */
const namedUrls = ['cite', 'longDesc', 'itemType', 'itemId', 'action', 'formAction', 'manifest', 'ping'];
/** The srcset attributes, whose value is a list of candidates: a URL then optional descriptors, comma-separated. */
const candidateLists = new Set(['srcSet', 'imageSrcSet']);
/** How hast-util-to-html writes a list property (a srcset) out: it is judged as the browser will read it. */
const candidateListJoin = ', ';

/**
 * The URLs of a srcset as a browser reads them (HTML's srcset parsing: a URL runs to the next whitespace, a comma
 * ends a candidate only outside the URL). hast keeps the value split at commas; it is written out joined with ", ".
 */
export function srcsetUrls(value: string): string[] {
  const urls: string[] = [];
  let at = 0;
  while (at < value.length) {
    while (at < value.length && /[\s,]/.test(value[at]!)) at++;
    if (at >= value.length) break;
    let end = at;
    while (end < value.length && !/\s/.test(value[end]!)) end++;
    let url = value.slice(at, end);
    at = end;
    if (/,+$/.test(url)) url = url.replace(/,+$/, '');
    else {
      // Descriptors, up to the comma that ends the candidate (a comma inside parentheses does not).
      let depth = 0;
      while (at < value.length && (value[at] !== ',' || depth > 0)) {
        if (value[at] === '(') depth++;
        else if (value[at] === ')') depth = Math.max(0, depth - 1);
        at++;
      }
    }
    if (url) urls.push(url);
  }
  return urls;
}

/** Links, images and every other URL judged against the site's origin, after sanitising. */
function siteRules(siteOrigin: string) {
  const isSite = (value: string) => {
    try {
      return new URL(value, siteOrigin).origin === siteOrigin;
    } catch {
      return false;
    }
  };
  const text = (value: unknown) => (Array.isArray(value) ? value.join(candidateListJoin) : String(value ?? ''));
  const urlsOf = (name: string, value: unknown) => (candidateLists.has(name) ? srcsetUrls(text(value)) : [text(value)]);
  return () => (tree: Root) => {
    walk(tree.children, (element, index, siblings) => {
      const { properties } = element;
      if (element.tagName === 'a') {
        const href = String(properties.href ?? '');
        if (href && !href.startsWith('#') && /^https?:/i.test(href) && !isSite(href)) properties.rel = ['noopener'];
      }
      const fetchedElsewhere = fetchedUrls.some(
        (name) => properties[name] != null && !(name === 'href' && element.tagName === 'a') && !urlsOf(name, properties[name]).every(isSite),
      );
      if (element.tagName === 'img' && (fetchedElsewhere || !properties.src)) {
        // An image from elsewhere is left out; its alt text stays, so the sentence still reads.
        siblings[index] = { type: 'text', value: String(properties.alt ?? '') };
        return;
      }
      if (fetchedElsewhere) {
        // Any other element that would fetch from elsewhere (a <source> of a <picture>) goes.
        siblings[index] = { type: 'text', value: '' };
        return;
      }
      for (const name of namedUrls) if (properties[name] != null && !isSite(text(properties[name]))) delete properties[name];
      if (element.tagName === 'img') {
        properties.loading = 'lazy';
        properties.decoding = 'async';
      }
    });
  };
}

export function markdownRenderer(siteOrigin: string) {
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkFacts)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeRaw)
    .use(rehypeSanitize, schema)
    .use(siteRules(siteOrigin))
    .use(rehypeStringify);
  return (markdown: string): string => String(processor.processSync(markdown));
}
