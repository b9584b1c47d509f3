import { builtSitemapFile } from '../../src/server/platform/site-pages.mjs';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { checklist } from '~/config/checklist';
import { absoluteUrl } from '~/seo/urls';
import { paths } from '~/config/paths';
import { builtFileFor, clientDir } from '../support/built-site';
import { pdfInfo, pdfStructure } from '../support/pdf';

interface Section {
  title: string;
  intro: string;
  items: { check: string; why: string }[];
}

const pdfFile = builtFileFor(checklist.path);
const pdf = existsSync(pdfFile) ? readFileSync(pdfFile) : Buffer.alloc(0);
const raw = pdf.toString('latin1');

// WinAnsi, the encoding of the standard PDF fonts: Latin-1 plus typographic marks in 0x80–0x9F.
const winAnsi: Record<number, string> = { 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—', 0x95: '•' };
const decode = (hex: string) => (hex.match(/../g) ?? []).map((pair) => ((code) => winAnsi[code] ?? String.fromCharCode(code))(parseInt(pair, 16))).join('');

/** The text the PDF shows, from its (deflated) content streams: what a reader selects and copies, line by line. */
function pdfText(): string {
  const lines: string[] = [];
  // Each stream read by its /Length: compressed data may itself end in a carriage return, which a pattern up to
  // "endstream" would drop.
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw.slice(start, start + Number(match[1])), 'latin1')).toString('latin1');
    } catch {
      continue; // not a content stream (font or metadata)
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) lines.push([...op[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => decode(m[1]!)).join(''));
  }
  return lines.join(' ').replace(/\s+/g, ' ');
}

describe('the local SEO checklist PDF', () => {
  it('is built at its path, as an A4 PDF with its title and language', () => {
    expect(existsSync(pdfFile), pdfFile).toBe(true);
    expect(raw.startsWith('%PDF-1.7')).toBe(true);
    // The document information's title, directly or as a reference to the string.
    const title = raw.match(/\/Title (?:\(([^)]*)\)|(\d+) 0 R)/);
    expect(title).not.toBeNull();
    const titleText = title![1] ?? raw.match(new RegExp(`\\n${title![2]} 0 obj\\n\\(([^)]*)\\)`))?.[1];
    expect(titleText).toBe(checklist.title);
    expect(raw).toContain('/Lang (en-GB)');
    expect(raw).toContain('/DisplayDocTitle true');
    const pages = [...raw.matchAll(/\/Type \/Page\b[\s\S]*?\/MediaBox \[([^\]]+)\]/g)].map((m) => m[1]!.trim().split(/\s+/).map(Number));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const box of pages) expect(box).toEqual([0, 0, 595.28, 841.89]);
  });

  it('is tagged: its title, language, headings, lists and links are in the structure tree for screen readers', () => {
    expect(pdfInfo(pdf)).toMatchObject({ Tagged: 'yes', Title: checklist.title, 'PDF version': '1.7' });
    const sections = yaml.load(readFileSync('src/content/checklist.yaml', 'utf8')) as Section[];
    const tree = pdfStructure(pdf);
    const of = (type: string) => tree.filter((element) => element.type === type).map((element) => element.text);
    expect(tree[0]!.type).toBe('Document');
    expect(of('H1')).toEqual([checklist.title]);
    expect(of('H2')).toEqual([...sections.map((section, index) => `${index + 1}. ${section.title}`), checklist.offer.title]);
    // One list a section, one item a check: the tick box its label, the check and why it matters its body's paragraphs.
    expect(of('L')).toHaveLength(sections.length);
    expect(of('LI')).toHaveLength(sections.reduce((n, section) => n + section.items.length, 0));
    expect(of('LBody')).toHaveLength(of('LI').length);
    const paragraphs = of('P');
    for (const item of sections.flatMap((section) => section.items)) expect(paragraphs).toEqual(expect.arrayContaining([item.check, item.why]));
    expect(of('Link')).toEqual(expect.arrayContaining([checklist.offer.linkLabel]));
    // The page footers are decoration (artefacts), not text to read on every page.
    expect(tree.some((element) => element.text.includes('Page 1 of'))).toBe(false);
  });

  it('holds every section and check of src/content/checklist.yaml as selectable text', () => {
    const sections = yaml.load(readFileSync('src/content/checklist.yaml', 'utf8')) as Section[];
    const text = pdfText();
    for (const section of sections) {
      expect(text).toContain(section.title);
      for (const item of section.items) {
        expect(text).toContain(item.check);
        expect(text).toContain(item.why);
      }
    }
    const checks = sections.reduce((n, s) => n + s.items.length, 0);
    expect(text).toContain(checklist.subtitle(checks));
    expect(text).toContain(checklist.intro);
    expect(text).toContain(checklist.offer.title);
  });

  it('has live links to the site and to the free audit', () => {
    const links = [...raw.matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);
    expect(links).toContain(absoluteUrl('/'));
    expect(links).toContain(absoluteUrl(paths.contact('audit')));
  });

  it('is not in the sitemap', () => {
    const sitemap = readFileSync(path.join(clientDir, builtSitemapFile), 'utf8');
    expect(sitemap).not.toContain(checklist.path);
    expect(sitemap).not.toContain('.pdf');
  });
});
