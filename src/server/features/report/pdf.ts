/**
 * The client report as an A4 PDF in the owner's brand (business name, logo mark and colours from src/config/), with the
 * client's name. Tagged (PDF 1.7, en-GB, its title shown): headings, paragraphs, lists and tables are structure
 * elements in reading order; a chart is drawn as bars (artefacts) beside its figures written as text, so a screen
 * reader and pdftotext read every number. The blocks are those the HTML page draws (src/lib/report-layout.ts).
 */
import PDFDocument from 'pdfkit';
import { brandColours } from '~/config/brand';
import { business } from '~/config/business';
import { reportSectionTitles, reportText } from '~/config/report';
import { type Block, layOutReport } from '~/lib/report-layout';
import type { ReportData } from '~/lib/report-types';
import { taggedStructure } from '~/seo/tagged-pdf';

const ink = '#0f172a';
const muted = '#475569';
const margin = 56;
const font = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

/** Helvetica's WinAnsi encoding has no glyph for most characters outside Latin-1: those become "?", never garbage. */
export function plain(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u00a3\n]/g, '?');
}

export function reportPdf(data: ReportData, summary: string, link: string | null): Promise<Uint8Array> {
  const title = plain(reportText.title(data.site.name, data.period.label));
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin, bottom: margin + 20, left: margin, right: margin },
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    pdfVersion: '1.7',
    bufferPages: true,
    info: { Title: title, Author: `${business.owner.name}, ${business.name}`, Subject: plain(reportText.preparedFor(data.site.clientName)) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * margin;
  const room = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };
  const { root, add, artefact } = taggedStructure(doc);

  // The brand band: the logo mark and the business's name, then the title and whom it is for.
  artefact(() => {
    doc.rect(0, 0, doc.page.width, 150).fill(brandColours.brand600);
    doc.save().translate(margin, 34).scale(0.75);
    doc.roundedRect(0, 0, 32, 32, 8).fill(brandColours.brand800);
    doc.path('M9 23V9m0 7h14m0-7v14').lineWidth(3).lineCap('round').stroke('#ffffff');
    doc.restore();
  });
  add('P', () =>
    doc
      .font(font.bold)
      .fontSize(12)
      .fillColor('#ffffff')
      .text(business.name, margin + 32, 40, { width: width - 32 }),
  );
  add('H1', () => doc.font(font.bold).fontSize(20).fillColor('#ffffff').text(title, margin, 68, { width }));
  add('P', () =>
    doc
      .font(font.regular)
      .fontSize(11)
      .fillColor(brandColours.brand100)
      .text(
        plain(`${reportText.preparedFor(data.site.clientName)} · ${data.site.url} · ${reportText.preparedBy(business.owner.name, business.name)}`),
        margin,
        doc.y + 4,
        { width },
      ),
  );
  doc.y = 170;

  const heading = (text: string) => {
    room(60);
    add('H2', () =>
      doc
        .font(font.bold)
        .fontSize(15)
        .fillColor(brandColours.brand700)
        .text(plain(text), margin, doc.y + 10, { width }),
    );
    doc.moveDown(0.2);
  };
  const paragraph = (text: string, style: 'body' | 'muted' | 'none' = 'body') =>
    add('P', () =>
      doc
        .font(style === 'none' ? font.italic : font.regular)
        .fontSize(style === 'body' ? 10.5 : 9.5)
        .fillColor(style === 'body' ? ink : muted)
        .text(plain(text), margin, doc.y + 2, { width, lineGap: 1.5 }),
    );

  heading(reportSectionTitles.summary);
  paragraph(summary.trim() || reportText.summaryMissing, summary.trim() ? 'body' : 'none');

  const drawBlock = (block: Block) => {
    switch (block.type) {
      case 'paragraph':
        paragraph(block.text);
        return;
      case 'none':
        paragraph(block.text, 'none');
        return;
      case 'figures':
        for (const item of block.items) {
          room(40);
          const p = doc.struct('P');
          root.add(p);
          p.add(() =>
            doc
              .font(font.regular)
              .fontSize(10.5)
              .fillColor(ink)
              .text(plain(`${item.label}: `), margin, doc.y + 4, { width, continued: true }),
          );
          p.add(() => doc.font(font.bold).fontSize(12).text(plain(item.value)));
          p.end();
          if (item.notes.length > 0) paragraph(item.notes.join(' · '), 'muted');
        }
        return;
      case 'list': {
        room(40);
        add('H3', () =>
          doc
            .font(font.bold)
            .fontSize(11)
            .fillColor(ink)
            .text(plain(block.title), margin, doc.y + 6, { width }),
        );
        const l = doc.struct('L');
        root.add(l);
        for (const item of block.items) {
          room(14);
          const y = doc.y + 1;
          const li = doc.struct('LI');
          l.add(li);
          li.add(
            doc.struct('Lbl', {}, () =>
              doc
                .font(font.regular)
                .fontSize(9.5)
                .fillColor(ink)
                .text('•', margin + 4, y, { lineBreak: false }),
            ),
          );
          li.add(doc.struct('LBody', {}, () => doc.text(plain(item), margin + 14, y, { width: width - 14 })));
          li.end();
        }
        l.end();
        return;
      }
      case 'chart': {
        room(30 + 16 * block.points.length);
        paragraph(`${block.caption} (${block.unit})`, 'muted');
        if (block.points.length === 0) {
          paragraph(reportText.noneInPeriod, 'none');
          return;
        }
        const max = Math.max(1, ...block.points.map((p) => p.value));
        const labelWidth = 110;
        const barWidth = width - labelWidth - 50;
        // Each bar with its label and its number as text: the bar is decoration, the text is what is read.
        const l = doc.struct('L');
        root.add(l);
        for (const point of block.points) {
          room(16);
          const y = doc.y + 3;
          artefact(() => doc.rect(margin + labelWidth, y + 1, Math.max(1, (barWidth * point.value) / max), 9).fill(brandColours.brand600));
          const li = doc.struct('LI');
          l.add(li);
          li.add(
            doc.struct('LBody', {}, () => {
              doc
                .font(font.regular)
                .fontSize(9)
                .fillColor(ink)
                .text(plain(`${point.label}:`), margin, y, { width: labelWidth - 6, lineBreak: false });
              doc.font(font.bold).text(plain(point.text), margin + labelWidth + barWidth + 6, y, { width: 44, lineBreak: false });
            }),
          );
          li.end();
          doc.x = margin;
          doc.y = y + 14;
        }
        l.end();
        return;
      }
      case 'table': {
        room(40);
        paragraph(block.caption, 'muted');
        const firstWidth = width * 0.4;
        const otherWidth = (width - firstWidth) / Math.max(1, block.columns.length - 1);
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
                  .text(plain(cell), xOf(i), y, { width: widthOf(i), align: block.numeric[i] ? 'right' : 'left' });
                bottom = Math.max(bottom, doc.y);
              }),
            );
          });
          tr.end();
          doc.x = margin;
          doc.y = bottom + 2;
        };
        row(block.columns, true);
        for (const cells of block.rows) row(cells, false);
        table.end();
        return;
      }
    }
  };

  for (const section of layOutReport(data)) {
    heading(section.title);
    for (const block of section.blocks) drawBlock(block);
  }
  if (link) {
    room(40);
    const p = doc.struct('P');
    root.add(p);
    p.add(() =>
      doc
        .font(font.regular)
        .fontSize(10)
        .fillColor(ink)
        .text('Read this report online: ', margin, doc.y + 14, { width, continued: true }),
    );
    p.add(doc.struct('Link', {}, () => doc.fillColor(brandColours.brand700).text(link, { link, underline: true })));
    p.end();
  }
  root.end();

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font(font.regular)
      .fontSize(8.5)
      .fillColor(muted)
      .text(
        plain(`${reportText.footer(business.name)} · ${data.site.name} · ${data.period.label} · Page ${i + 1} of ${pages.count}`),
        margin,
        doc.page.height - margin + 6,
        {
          lineBreak: false,
        },
      );
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** The PDF's file name: the site and the period, safe in any mail client. */
export const reportFileName = (data: ReportData) =>
  `report-${data.site.name.replace(/[^A-Za-z0-9.-]+/g, '-')}-${data.period.month ?? `${data.period.from}-to-${data.period.to}`}.pdf`.toLowerCase();

/** A report's PDF as a download answer (the client's link and the admin's preview). */
export async function pdfResponse(data: ReportData, summary: string, link: string | null, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const pdf = await reportPdf(data, summary, link);
  return new Response(Buffer.from(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${reportFileName(data)}"`,
      'Cache-Control': 'private, no-store',
      ...extraHeaders,
    },
  });
}
