/**
 * The audit's full report as an A4 PDF (pdfkit, standard fonts as the checklist uses): score and how it is computed,
 * every problem found with why it matters and how to fix it, what passed, and the way to get in touch.
 *
 * Tagged (PDF 1.7, en-GB, its title shown): headings, paragraphs, lists and links are structure elements in reading
 * order, so a screen reader can move through it; the coloured band, boxes and page footers are artefacts. Text the
 * audited site served is only ever data: the checker's sentences quote titles and descriptions in quotation marks,
 * each under the page it was found on, never as this report's own words or as a link (a PDF has no markup to inject).
 */
import { auditLimits, auditMessages, scoreExplanation } from '~/config/audit';
import { brandColours } from '~/config/brand';
import { business } from '~/config/business';
import { paths } from '~/config/paths';
import type { AuditDetail, AuditView } from '~/lib/audit-types';
import { plural } from '~/lib/plural.mjs';
import { pdfStyle, plain, taggedPdf } from '~/seo/tagged-pdf';

const { ink, muted, margin, font } = pdfStyle;
const severityColour = { error: '#b91c1c', warning: '#a16207', notice: '#475569' } as const;
const severityLabel = { error: 'Error', warning: 'Warning', notice: 'Notice' } as const;

/** One place a problem was found, as the report lists it: the page, then what was found there. */
export function detailLine(detail: AuditDetail): string {
  return plain(detail.page === null ? detail.text : `${detail.page}: ${detail.text}`);
}

export function auditPdf(view: AuditView, reportUrl: string): Promise<Uint8Array> {
  const result = view.result!;
  const host = new URL(view.site).host;
  const title = plain(`SEO audit of ${host}`);
  const { doc, width, add, artefact, room, heading, paragraph, link, bullets, finish } = taggedPdf({
    Title: title,
    Subject: `Free SEO audit: ${result.score}/100`,
  });
  const site = new URL('/', reportUrl).href;

  artefact(() => doc.rect(0, 0, doc.page.width, 150).fill(brandColours.brand600));
  paragraph({ link: () => doc.font(font.bold).fontSize(12).fillColor('#ffffff').text(business.name, margin, 40, { link: site }) });
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

  heading('What to fix, most important first');
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
    bullets([...shown.map(detailLine), ...(more > 0 ? [`and ${more} more`] : [])], margin + 10, margin + 19);
  });

  doc.moveDown(1);
  room(60);
  heading('What passed');
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
  paragraph(
    () =>
      doc
        .font(font.regular)
        .fontSize(10)
        .fillColor(ink)
        .text(`${business.owner.name} can fix them or show you how. `, margin + 18, doc.y + 4, { width: width - 36, continued: true }),
    link('Book a 15-minute call', new URL(paths.contact('call'), site).href, true),
    () => doc.fillColor(ink).text(' or see this report online: ', { underline: false, continued: true }),
    link('your audit', reportUrl),
  );

  return finish((page, pages, y) =>
    doc
      .font(font.regular)
      .fontSize(8.5)
      .fillColor(muted)
      .text(`${business.name} · free SEO audit of ${plain(host)} · Page ${page} of ${pages}`, margin, y, { lineBreak: false }),
  );
}
