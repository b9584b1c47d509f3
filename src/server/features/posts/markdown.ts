/**
 * An admin post's Markdown as HTML for the public site, with the build's Markdown features (GitHub-flavoured, facts
 * filled) and the trust of a public page: raw HTML is kept only where GitHub's allow-list keeps it (no script, iframe,
 * style, form or event attribute, whoever wrote the post), links to other sites get rel="noopener", and images must
 * come from this site.
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

/** Links and images judged against the site's origin, after sanitising. */
function siteRules(siteOrigin: string) {
  const isSite = (value: string) => {
    try {
      return new URL(value, siteOrigin).origin === siteOrigin;
    } catch {
      return false;
    }
  };
  return () => (tree: Root) => {
    walk(tree.children, (element, index, siblings) => {
      if (element.tagName === 'a') {
        const href = String(element.properties.href ?? '');
        if (href && !href.startsWith('#') && /^https?:/i.test(href) && !isSite(href)) element.properties.rel = ['noopener'];
      }
      if (element.tagName === 'img') {
        const src = String(element.properties.src ?? '');
        if (!src || !isSite(src)) {
          // An image from elsewhere is left out; its alt text stays, so the sentence still reads.
          siblings[index] = { type: 'text', value: String(element.properties.alt ?? '') };
          return;
        }
        element.properties.loading = 'lazy';
        element.properties.decoding = 'async';
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

/** Words in a Markdown body, for reading time and BlogPosting.wordCount (as the build counts them). */
export function wordCount(markdown: string): number {
  return markdown
    .replace(/[#>*_`\-[\]()!|]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
}
