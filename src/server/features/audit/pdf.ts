/**
 * The audit's full report as an A4 PDF (pdfkit, standard fonts as the checklist uses): score and how it is computed,
 * every problem found with why it matters and how to fix it, what passed, and the way to get in touch.
 *
 * Tagged (PDF 1.7, en-GB, its title shown): headings, paragraphs, lists and links are structure elements in reading
 * order, so a screen reader can move through it; the coloured band, boxes and page footers are artefacts. Text the
 * audited site served is only ever data: the checker's sentences quote titles and descriptions in quotation marks,
 * each under the page it was found on, never as this report's own words or as a link (a PDF has no markup to inject).
 */
import PDFDocument from 'pdfkit';
import { auditLimits, auditMessages, scoreExplanation } from '~/config/audit';
import { brandColours } from '~/config/brand';
import { business } from '~/config/business';
import { paths } from '~/config/paths';
import type { AuditDetail, AuditView } from '~/lib/audit-types';
import { plural } from '~/lib/plural.mjs';
import { taggedStructure } from '~/seo/tagged-pdf';

const ink = '#0f172a';
const muted = '#475569';
const margin = 56;
const font = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const severityColour = { error: '#b91c1c', warning: '#a16207', notice: '#475569' } as const;
const severityLabel = { error: 'Error', warning: 'Warning', notice: 'Notice' } as const;

/** Helvetica's WinAnsi encoding has no glyph for most characters outside Latin-1: those become "?", never garbage. */
function plain(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u00a3\n]/g, '?');
}

/** One place a problem was found, as the report lists it: the page, then what was found there. */
export function detailLine(detail: AuditDetail): string {
  return plain(detail.page === null ? detail.text : `${detail.page}: ${detail.text}`);
}

export function auditPdf(view: AuditView, reportUrl: string): Promise<Uint8Array> {
  const result = view.result!;
  const host = new URL(view.site).host;
  const title = plain(`SEO audit of ${host}`);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, bottom: margin + 20, left: margin, right: margin },
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    pdfVersion: '1.7',
    bufferPages: true,
    info: { Title: title, Author: `${business.owner.name}, ${business.name}`, Subject: `Free SEO audit: ${result.score}/100` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * margin;
  const site = new URL('/', reportUrl).href;
  const room = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };
  // The structure tree, in reading order: each element's drawing runs as it is added.
  const { root, add, artefact } = taggedStructure(doc);
  /** A bulleted list: each item a label (the bullet) and a body. */
  const list = (items: string[], x: number, itemWidth: number) => {
    const l = doc.struct('L');
    root.add(l);
    for (const item of items) {
      room(14);
      const y = doc.y + 1;
      const li = doc.struct('LI');
      l.add(li);
      li.add(doc.struct('Lbl', {}, () => doc.text('•', x, y, { lineBreak: false })));
      li.add(doc.struct('LBody', {}, () => doc.text(item, x + 9, y, { width: itemWidth - 9 })));
      li.end();
    }
    l.end();
  };

  artefact(() => doc.rect(0, 0, doc.page.width, 150).fill(brandColours.brand600));
  const from = doc.struct('P');
  root.add(from);
  from.add(doc.struct('Link', {}, () => doc.font(font.bold).fontSize(12).fillColor('#ffffff').text(business.name, margin, 40, { link: site })));
  from.end();
  add('H1', () => doc.font(font.bold).fontSize(24).fillColor('#ffffff').text(title, margin, 64, { width }));
  add('P', () =>
    doc
      .font(font.regular)
      .fontSize(11)
      .fillColor(brandColours.brand100)
      .text(`${new Date(view.createdAt).toUTCString().slice(5, 16)} · ${plural(result.pages, 'page')} checked`, margin, doc.y + 4, { width }),
  );

  // The score large, its scale and label beside it on the same baseline (one paragraph), then the counts below both.
  const scoreTop = 170;
  add('P', () => {
    doc.font(font.bold).fontSize(40).fillColor(ink).text(`${result.score}`, margin, scoreTop, { lineBreak: false });
    const scoreWidth = doc.widthOfString(`${result.score}`);
    doc
      .font(font.regular)
      .fontSize(16)
      .fillColor(muted)
      .text(` / 100  ·  ${result.scoreLabel}`, margin + scoreWidth + 4, scoreTop + 18, { lineBreak: false });
  });
  add('P', () =>
    doc
      .font(font.regular)
      .fontSize(10.5)
      .fillColor(ink)
      .text(auditMessages.summary(result), margin, scoreTop + 52, { width }),
  );
  add('P', () =>
    doc
      .font(font.regular)
      .fontSize(9.5)
      .fillColor(muted)
      .text(scoreExplanation, margin, doc.y + 4, { width, lineGap: 1.5 }),
  );
  for (const note of result.notes) add('P', () => doc.text(note, margin, doc.y + 4, { width }));
  doc.moveDown(1);

  add('H2', () => doc.font(font.bold).fontSize(15).fillColor(brandColours.brand700).text('What to fix, most important first', margin, doc.y, { width }));
  doc.moveDown(0.3);
  if (result.groups.length === 0) add('P', () => doc.font(font.regular).fontSize(10.5).fillColor(ink).text('Nothing: every check passed.', { width }));
  result.groups.forEach((group, index) => {
    room(90);
    add('H3', () =>
      doc
        .font(font.bold)
        .fontSize(11.5)
        .fillColor(ink)
        .text(`${index + 1}. ${group.title}`, margin, doc.y + 6, { width }),
    );
    add('P', () =>
      doc
        .font(font.regular)
        .fontSize(9.5)
        .fillColor(severityColour[group.severity])
        .text(
          `${severityLabel[group.severity]} · ${group.siteWide ? 'site-wide' : plural(group.pages, 'page')} · ${auditMessages.pointsOff(group.points)}`,
          margin,
          doc.y + 1,
          { width },
        ),
    );
    add('P', () =>
      doc
        .font(font.regular)
        .fontSize(10)
        .fillColor(ink)
        .text(`Why it matters: ${group.why}`, margin, doc.y + 2, { width, lineGap: 1.5 }),
    );
    add('P', () => doc.text(`How to fix it: ${group.fix}`, margin, doc.y + 2, { width, lineGap: 1.5 }));
    const shown = group.details.slice(0, auditLimits.examplesShown * 2);
    const more = group.details.length - shown.length;
    doc.font(font.regular).fontSize(8.5).fillColor(muted);
    list([...shown.map(detailLine), ...(more > 0 ? [`and ${more} more`] : [])], margin + 10, width - 10);
  });

  doc.moveDown(1);
  room(60);
  add('H2', () => doc.font(font.bold).fontSize(15).fillColor(brandColours.brand700).text('What passed', margin, doc.y, { width }));
  add('P', () =>
    doc
      .font(font.regular)
      .fontSize(9.5)
      .fillColor(ink)
      .text(
        result.passed.length === 0 ? 'Every check found something to fix.' : result.passed.map((passed) => `${passed}: none found`).join(' · '),
        margin,
        doc.y + 3,
        { width, lineGap: 1.5 },
      ),
  );

  room(100);
  const top = doc.y + 16;
  artefact(() => doc.roundedRect(margin, top, width, 78, 10).fill(brandColours.brand50));
  add('H2', () =>
    doc
      .font(font.bold)
      .fontSize(13)
      .fillColor(ink)
      .text('Want these fixed?', margin + 18, top + 14, { width: width - 36 }),
  );
  // One paragraph with its two links inside it, each link's text its own structure element.
  const offer = doc.struct('P');
  root.add(offer);
  offer.add(() =>
    doc
      .font(font.regular)
      .fontSize(10)
      .fillColor(ink)
      .text(`${business.owner.name} can fix them or show you how. `, margin + 18, doc.y + 4, { width: width - 36, continued: true }),
  );
  offer.add(
    doc.struct('Link', {}, () =>
      doc.fillColor(brandColours.brand700).text('Book a 15-minute call', { link: new URL(paths.contact('call'), site).href, underline: true, continued: true }),
    ),
  );
  offer.add(() => doc.fillColor(ink).text(' or see this report online: ', { underline: false, continued: true }));
  offer.add(doc.struct('Link', {}, () => doc.fillColor(brandColours.brand700).text('your audit', { link: reportUrl, underline: true })));
  offer.end();
  root.end();

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const y = doc.page.height - margin + 6;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font(font.regular)
      .fontSize(8.5)
      .fillColor(muted)
      .text(`${business.name} · free SEO audit of ${plain(host)} · Page ${i + 1} of ${pages.count}`, margin, y, { lineBreak: false });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
