// Relative, not ~/: astro.config.mjs loads this file before the alias exists.
import { fillFacts } from '../config/facts';

interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

/** Remark plugin: replaces `{{fact}}` tokens in Markdown text and link targets with values from src/config/facts. */
export function remarkFacts() {
  const walk = (node: MdNode) => {
    if (typeof node.value === 'string' && (node.type === 'text' || node.type === 'inlineCode')) {
      node.value = fillFacts(node.value);
    }
    if (typeof node.url === 'string') node.url = fillFacts(node.url);
    node.children?.forEach(walk);
  };
  return (tree: MdNode) => walk(tree);
}
