/** What poppler's pdfinfo says about a PDF: its information fields, and its structure tree with the text of each element. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function withFile<T>(pdf: Uint8Array, read: (file: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `pdfinfo`'s fields: Title, Tagged, PDF version… */
export function pdfInfo(pdf: Uint8Array): Record<string, string> {
  const out = withFile(pdf, (file) => execFileSync('pdfinfo', [file], { encoding: 'utf8' }));
  return Object.fromEntries(
    out.split('\n').flatMap((line) => {
      const field = /^([^:]+):\s*(.*)$/.exec(line);
      return field ? [[field[1]!.trim(), field[2]!.trim()]] : [];
    }),
  );
}

/** One element of the structure tree: its type (H1, P, LI, Link…) and the text directly inside it. */
export interface StructElement {
  type: string;
  text: string;
}

/** The structure tree in reading order, from `pdfinfo -struct-text` (an element a line, then its text quoted below it). */
export function pdfStructure(pdf: Uint8Array): StructElement[] {
  const out = withFile(pdf, (file) => execFileSync('pdfinfo', ['-struct-text', file], { encoding: 'utf8' }));
  const elements: StructElement[] = [];
  // The element open at each depth of indentation: a text line belongs to the one just above its own depth.
  const open: StructElement[] = [];
  for (const line of out.split('\n')) {
    const depth = /^\s*/.exec(line)![0].length / 2;
    const element = /^\s*(\w+)(?: \((?:block|inline)\))?$/.exec(line);
    const text = /^\s*"(.*)"$/.exec(line);
    if (element) {
      open[depth] = { type: element[1]!, text: '' };
      elements.push(open[depth]!);
    } else if (text && open[depth - 1]) open[depth - 1]!.text += text[1];
  }
  return elements;
}

/** The PDF's text as poppler's pdftotext lays it out, every run of white space one space. */
export function pdfText(pdf: Uint8Array): string {
  return withFile(pdf, (file) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).replace(/\s+/g, ' ');
}
