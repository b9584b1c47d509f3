/**
 * The audit's full report as an A4 PDF (pdfkit, standard fonts as the checklist uses): score and how it is computed,
 * every problem found with why it matters and how to fix it, what passed, and the way to get in touch. Text the
 * audited site served (titles, addresses) is written as plain text; a PDF has no markup to inject.
 */
import PDFDocument from 'pdfkit';
import { auditLimits, scoreExplanation } from '~/config/audit';
import { brandColours } from '~/config/brand';
import { business } from '~/config/business';
import { paths } from '~/config/paths';
import type { AuditView } from '~/lib/audit-types';

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

export function auditPdf(view: AuditView, reportUrl: string): Promise<Uint8Array> {
  const result = view.result!;
  const host = new URL(view.site).host;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, bottom: margin + 20, left: margin, right: margin },
    lang: 'en-GB',
    displayTitle: true,
    pdfVersion: '1.7',
    bufferPages: true,
    info: { Title: `SEO audit of ${host}`, Author: `${business.owner.name}, ${business.name}`, Subject: `Free SEO audit: ${result.score}/100` },
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

  doc.rect(0, 0, doc.page.width, 150).fill(brandColours.brand600);
  doc.font(font.bold).fontSize(12).fillColor('#ffffff').text(business.name, margin, 40, { link: site });
  doc
    .font(font.bold)
    .fontSize(24)
    .fillColor('#ffffff')
    .text(plain(`SEO audit of ${host}`), margin, 64, { width });
  doc
    .font(font.regular)
    .fontSize(11)
    .fillColor(brandColours.brand100)
    .text(`${new Date(view.createdAt).toUTCString().slice(5, 16)} · ${result.pages} pages checked`, margin, doc.y + 4, { width });

  // The score large, its scale and label beside it on the same baseline, then the counts below both.
  const scoreTop = 170;
  doc.font(font.bold).fontSize(40).fillColor(ink).text(`${result.score}`, margin, scoreTop, { lineBreak: false });
  const scoreWidth = doc.widthOfString(`${result.score}`);
  doc
    .font(font.regular)
    .fontSize(16)
    .fillColor(muted)
    .text(`/ 100  ·  ${result.scoreLabel}`, margin + scoreWidth + 8, scoreTop + 18, { lineBreak: false });
  doc
    .font(font.regular)
    .fontSize(10.5)
    .fillColor(ink)
    .text(`${result.errors} errors, ${result.warnings} warnings and ${result.notices} notices.`, margin, scoreTop + 52, { width });
  doc
    .font(font.regular)
    .fontSize(9.5)
    .fillColor(muted)
    .text(scoreExplanation, margin, doc.y + 4, { width, lineGap: 1.5 });
  for (const note of result.notes) doc.text(note, margin, doc.y + 4, { width });
  doc.moveDown(1);

  doc.font(font.bold).fontSize(15).fillColor(brandColours.brand700).text('What to fix, most important first', margin, doc.y, { width });
  doc.moveDown(0.3);
  if (result.groups.length === 0) doc.font(font.regular).fontSize(10.5).fillColor(ink).text('Nothing: every check passed.', { width });
  result.groups.forEach((group, index) => {
    room(90);
    doc
      .font(font.bold)
      .fontSize(11.5)
      .fillColor(ink)
      .text(`${index + 1}. ${group.title}`, margin, doc.y + 6, { width, continued: true })
      .font(font.regular)
      .fontSize(9.5)
      .fillColor(severityColour[group.severity])
      .text(
        `   ${severityLabel[group.severity]} · ${group.siteWide ? 'site-wide' : `${group.pages} page${group.pages === 1 ? '' : 's'}`} · ${group.points} points off`,
      );
    doc
      .font(font.regular)
      .fontSize(10)
      .fillColor(ink)
      .text(`Why it matters: ${group.why}`, margin, doc.y + 2, { width, lineGap: 1.5 });
    doc.text(`How to fix it: ${group.fix}`, margin, doc.y + 2, { width, lineGap: 1.5 });
    const shown = group.details.slice(0, auditLimits.examplesShown * 2);
    doc.font(font.regular).fontSize(8.5).fillColor(muted);
    for (const detail of shown) {
      room(14);
      doc.text(plain(`• ${detail}`), margin + 10, doc.y + 1, { width: width - 10 });
    }
    if (group.details.length > shown.length) doc.text(`• and ${group.details.length - shown.length} more`, margin + 10, doc.y + 1, { width: width - 10 });
  });

  doc.moveDown(1);
  room(60);
  doc.font(font.bold).fontSize(15).fillColor(brandColours.brand700).text('What passed', margin, doc.y, { width });
  doc
    .font(font.regular)
    .fontSize(9.5)
    .fillColor(ink)
    .text(
      result.passed.length === 0 ? 'Every check found something to fix.' : result.passed.map((title) => `${title}: none found`).join(' · '),
      margin,
      doc.y + 3,
      {
        width,
        lineGap: 1.5,
      },
    );

  room(100);
  const top = doc.y + 16;
  doc.roundedRect(margin, top, width, 78, 10).fill(brandColours.brand50);
  doc
    .font(font.bold)
    .fontSize(13)
    .fillColor(ink)
    .text('Want these fixed?', margin + 18, top + 14, { width: width - 36 });
  doc
    .font(font.regular)
    .fontSize(10)
    .fillColor(ink)
    .text(`${business.owner.name} can fix them or show you how. `, margin + 18, doc.y + 4, { width: width - 36, continued: true })
    .fillColor(brandColours.brand700)
    .text('Book a 15-minute call', { link: new URL(paths.contact('call'), site).href, underline: true, continued: true })
    .fillColor(ink)
    .text(` or see this report online: `, { underline: false, continued: true })
    .fillColor(brandColours.brand700)
    .text('your audit', { link: reportUrl, underline: true });

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const y = doc.page.height - margin + 6;
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(font.regular)
      .fontSize(8.5)
      .fillColor(muted)
      .text(`${business.name} · free SEO audit of ${plain(host)} · Page ${i + 1} of ${pages.count}`, margin, y, { lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
