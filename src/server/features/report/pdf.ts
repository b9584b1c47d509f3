/**
 * The client report as an A4 PDF in the owner's brand (business name, logo mark and colours from src/config/), with the
 * client's name. Tagged (PDF 1.7, en-GB, its title shown): headings, paragraphs, lists and tables are structure
 * elements in reading order; a chart is drawn as bars (artefacts) beside its figures written as text, so a screen
 * reader and pdftotext read every number. The blocks are those the HTML page draws (src/lib/report-layout.ts).
 */
import { brandColours } from '~/config/brand';
import { business } from '~/config/business';
import { reportSectionTitles, reportText } from '~/config/report';
import { type Block, layOutReport, showsSummary } from '~/lib/report-layout';
import type { ReportData } from '~/lib/report-types';
import { pdfStyle, plain, taggedPdf } from '~/seo/tagged-pdf';
import { file } from '../../api/answers';

const { ink, muted, margin, font } = pdfStyle;

export function reportPdf(data: ReportData, summary: string, link: string | null): Promise<Uint8Array> {
  const title = plain(reportText.title(data.site.name, data.period.label));
  const pdf = taggedPdf({ Title: title, Subject: plain(reportText.preparedFor(data.site.clientName)) });
  const { doc, width, root, add, artefact, room } = pdf;

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
    pdf.heading(plain(text), doc.y + 10);
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

  if (showsSummary(data)) {
    heading(reportSectionTitles.summary);
    paragraph(summary.trim() || reportText.summaryMissing, summary.trim() ? 'body' : 'none');
  }

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
          pdf.paragraph(
            () =>
              doc
                .font(font.regular)
                .fontSize(10.5)
                .fillColor(ink)
                .text(plain(`${item.label}: `), margin, doc.y + 4, { width, continued: true }),
            () => doc.font(font.bold).fontSize(12).text(plain(item.value)),
          );
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
        pdf.bullets(block.items.map(plain), margin + 4, margin + 14, () => doc.font(font.regular).fontSize(9.5).fillColor(ink));
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
      case 'trend': {
        // Bars drawn as decoration (a month without data a dashed gap on the baseline, never a zero bar), then the
        // same figures as a tagged table: what a screen reader and pdftotext read.
        const chartHeight = 90;
        room(chartHeight + 60);
        paragraph(`${block.caption} (${block.unit}). ${reportText.trendGapNote}`, 'muted');
        const top = doc.y + 6;
        const base = top + chartHeight;
        const slot = width / block.points.length;
        const max = Math.max(1, ...block.points.map((p) => p.value ?? 0));
        artefact(() => {
          doc
            .moveTo(margin, base)
            .lineTo(margin + width, base)
            .lineWidth(0.75)
            .stroke(muted);
          block.points.forEach((point, i) => {
            const x = margin + i * slot + slot * 0.15;
            if (point.value === null) {
              doc
                .rect(x, base - 6, slot * 0.7, 6)
                .dash(2, { space: 2 })
                .lineWidth(0.75)
                .stroke(muted);
              doc.undash();
            } else {
              const height = Math.max(0.5, (chartHeight * point.value) / max);
              doc.rect(x, base - height, slot * 0.7, height).fill(brandColours.brand600);
            }
            doc
              .font(font.regular)
              .fontSize(7)
              .fillColor(muted)
              .text(point.label.split(' ')[0]!, margin + i * slot, base + 3, { width: slot, align: 'center', lineBreak: false });
          });
        });
        doc.x = margin;
        doc.y = base + 16;
        pdf.table(
          [reportText.trendMonth, block.measure].map(plain),
          block.points.map((p) => [plain(p.label), plain(p.text)]),
          [false, true],
        );
        return;
      }
      case 'table': {
        room(40);
        paragraph(block.caption, 'muted');
        pdf.table(
          block.columns.map(plain),
          block.rows.map((cells) => cells.map(plain)),
          block.numeric,
        );
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
    pdf.paragraph(
      () =>
        doc
          .font(font.regular)
          .fontSize(10)
          .fillColor(ink)
          .text('Read this report online: ', margin, doc.y + 14, { width, continued: true }),
      pdf.link(link, link),
    );
  }

  return pdf.finish((page, pages, y) =>
    doc
      .font(font.regular)
      .fontSize(8.5)
      .fillColor(muted)
      .text(plain(`${reportText.footer(business.name)} · ${data.site.name} · ${data.period.label} · Page ${page} of ${pages}`), margin, y, {
        lineBreak: false,
      }),
  );
}

/** The PDF's file name: the site and the period, safe in any mail client. */
export const reportFileName = (data: ReportData) =>
  `report-${data.site.name.replace(/[^A-Za-z0-9.-]+/g, '-')}-${data.period.month ?? `${data.period.from}-to-${data.period.to}`}.pdf`.toLowerCase();

/** A report's PDF as a download answer (the client's link and the admin's preview). */
export async function pdfResponse(data: ReportData, summary: string, link: string | null, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const pdf = await reportPdf(data, summary, link);
  return file(pdf, 'application/pdf', {
    'Content-Disposition': `inline; filename="${reportFileName(data)}"`,
    'Cache-Control': 'private, no-store',
    ...extraHeaders,
  });
}
