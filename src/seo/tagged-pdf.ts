/**
 * The one set-up of the site's tagged PDFs (the checklist, the audit report, the client report): an A4 pdfkit document
 * in standard fonts (small, no font files), PDF 1.7, en-GB, its title shown and the owner as its author; its structure
 * tree's root, to which each element is added in reading order as it is drawn; decoration marked as an artefact that a
 * screen reader skips; and the pieces more than one of them draws: headings, paragraphs with links inside, bulleted
 * lists, tables of figures and the footer on every page.
 */
import PDFDocument from 'pdfkit';
import { brandColours } from '~/config/brand';
import { business } from '~/config/business';

/** The documents' text colours, page margin and fonts. */
export const pdfStyle = {
  ink: '#0f172a',
  muted: '#475569',
  margin: 56,
  font: { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' },
} as const;

const { ink, muted, margin, font } = pdfStyle;

/** Helvetica's WinAnsi encoding has no glyph for most characters outside Latin-1: those become "?", never garbage. */
export function plain(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u00a3\n]/g, '?');
}

/** A run of a paragraph: text drawn by a function, or a link (its own Link element) drawn by `link`. */
export type Run = (() => void) | { link: () => void };

/** The document's information: its title and subject (the author is always the owner), and any other field. */
export type PdfInfo = Omit<PDFKit.DocumentInfo, 'Author'> & { Title: string };

export function taggedPdf(info: PdfInfo) {
  const { Title, ...rest } = info;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, bottom: margin + 20, left: margin, right: margin },
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    pdfVersion: '1.7',
    bufferPages: true,
    info: { Title, Author: `${business.owner.name}, ${business.name}`, ...rest },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * margin;

  // The structure tree, in reading order: each element's drawing runs as it is added.
  const root = doc.struct('Document');
  doc.addStructure(root);
  /** An element of `type` (H1, P, …) whose content is what `draw` puts on the page. */
  const add = (type: string, draw: () => void) => root.add(doc.struct(type, {}, draw));
  /** Drawing that carries no content: bands, boxes, rules, bars. */
  const artefact = (draw: () => void) => {
    doc.markContent('Artifact', { type: 'Layout' });
    draw();
    doc.endMarkedContent();
  };
  /** A new page unless `height` still fits above the bottom margin. */
  const room = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };

  return {
    doc,
    /** The width between the margins. */
    width,
    root,
    add,
    artefact,
    room,
    /** A section's heading (H2), in the brand's colour, at `top` (by default where the text stands). */
    heading: (text: string, top = doc.y) =>
      add('H2', () => doc.font(font.bold).fontSize(15).fillColor(brandColours.brand700).text(text, margin, top, { width })),
    /** One paragraph of runs in reading order, so that its links are read inside it. */
    paragraph: (...runs: Run[]) => {
      const p = doc.struct('P');
      root.add(p);
      for (const run of runs) p.add(typeof run === 'function' ? run : doc.struct('Link', {}, run.link));
      p.end();
    },
    /** A link in the text: underlined, in the brand's colour; `continued` when the paragraph goes on after it. */
    link: (label: string, url: string, continued = false): Run => ({
      link: () => doc.fillColor(brandColours.brand700).text(label, { link: url, underline: true, continued }),
    }),
    /**
     * A bulleted list, each item's bullet its label (at `bulletX`) and its text its body (from `bodyX` to the right
     * margin); `style` sets the font where the list's own drawing must carry it.
     */
    bullets: (items: string[], bulletX: number, bodyX: number, style?: () => void) => {
      const list = doc.struct('L');
      root.add(list);
      for (const item of items) {
        room(14);
        const y = doc.y + 1;
        const li = doc.struct('LI');
        list.add(li);
        li.add(
          doc.struct('Lbl', {}, () => {
            style?.();
            doc.text('•', bulletX, y, { lineBreak: false });
          }),
        );
        li.add(doc.struct('LBody', {}, () => doc.text(item, bodyX, y, { width: margin + width - bodyX })));
        li.end();
      }
      list.end();
    },
    /**
     * A table of figures, its first row the header cells (TH): the first column 40% of the width, the others sharing
     * the rest, the numeric ones aligned right.
     */
    table: (columns: string[], rows: string[][], numeric: boolean[]) => {
      const firstWidth = width * 0.4;
      const otherWidth = (width - firstWidth) / Math.max(1, columns.length - 1);
      const xOf = (i: number) => margin + (i === 0 ? 0 : firstWidth + (i - 1) * otherWidth);
      const widthOf = (i: number) => (i === 0 ? firstWidth : otherWidth) - 6;
      const table = doc.struct('Table');
      root.add(table);
      const row = (cells: string[], header: boolean) => {
        room(18);
        const y = doc.y + 3;
        const tr = doc.struct('TR');
        table.add(tr);
        let bottom = y;
        cells.forEach((cell, i) => {
          tr.add(
            doc.struct(header ? 'TH' : 'TD', {}, () => {
              doc
                .font(header ? font.bold : font.regular)
                .fontSize(header ? 8.5 : 9)
                .fillColor(header ? muted : ink)
                .text(cell, xOf(i), y, { width: widthOf(i), align: numeric[i] ? 'right' : 'left' });
              bottom = Math.max(bottom, doc.y);
            }),
          );
        });
        tr.end();
        doc.x = margin;
        doc.y = bottom + 2;
      };
      row(columns, true);
      for (const cells of rows) row(cells, false);
      table.end();
    },
    /**
     * Ends the structure tree, draws `footer` on every page as pagination (an artefact: not read on each page) with the
     * line's top `y` below the text, and ends the document; resolves to its bytes.
     */
    finish: (footer: (page: number, pages: number, y: number) => void) => {
      root.end();
      const pages = doc.bufferedPageRange();
      for (let i = 0; i < pages.count; i++) {
        doc.switchToPage(pages.start + i);
        const y = doc.page.height - margin + 6;
        const bottom = doc.page.margins.bottom;
        doc.page.margins.bottom = 0; // writing inside the bottom margin must not start a new page
        doc.markContent('Artifact', { type: 'Pagination' });
        footer(i + 1, pages.count, y);
        doc.endMarkedContent();
        doc.page.margins.bottom = bottom;
      }
      doc.end();
      return done;
    },
  };
}
