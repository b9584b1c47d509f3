import { brandColours } from '~/config/brand';
import { business } from '~/config/business';
import { checklist } from '~/config/checklist';
import { paths } from '~/config/paths';
import { absoluteUrl } from './urls';
import { pdfStyle, taggedPdf } from './tagged-pdf';

export interface ChecklistSection {
  title: string;
  intro: string;
  items: { check: string; why: string }[];
}

const { ink, muted, margin, font } = pdfStyle;

/**
 * The checklist as an A4 PDF in the site's colours: real text (selectable, searchable), title and language in the
 * document, live links. Standard PDF fonts keep it small and need no font files at build time.
 *
 * Tagged (PDF 1.7): the title is the H1, each section an H2 with its checks as a list (the tick box each item's label),
 * links are Link elements with their text, all in reading order; the colour band, logo, boxes and page footers are
 * artefacts, so a screen reader reads the checklist and skips the decoration.
 */
export function checklistPdf(sections: ChecklistSection[], updated: Date): Promise<Uint8Array<ArrayBuffer>> {
  const checks = sections.reduce((n, s) => n + s.items.length, 0);
  const { doc, width, root, add, artefact, room, heading, paragraph, link, finish } = taggedPdf({
    Title: checklist.title,
    Subject: checklist.subtitle(checks),
    Keywords: 'local SEO, checklist, Google Business Profile, small business',
    CreationDate: updated,
    ModDate: updated,
  });
  const site = absoluteUrl('/');

  // Title band.
  artefact(() => doc.rect(0, 0, doc.page.width, 180).fill(brandColours.brand600));
  // The logo mark: an "H" on a rounded square (as logoMarkSvg in src/config/brand.ts, 32 units wide).
  const logoTop = 44;
  artefact(() => doc.roundedRect(margin, logoTop, 32, 32, 8).fill('#ffffff'));
  artefact(() =>
    doc
      .save()
      .lineWidth(3)
      .lineCap('round')
      .strokeColor(brandColours.brand600)
      .moveTo(margin + 9, logoTop + 9)
      .lineTo(margin + 9, logoTop + 23)
      .moveTo(margin + 9, logoTop + 16)
      .lineTo(margin + 23, logoTop + 16)
      .moveTo(margin + 23, logoTop + 9)
      .lineTo(margin + 23, logoTop + 23)
      .stroke()
      .restore(),
  );
  paragraph({
    link: () =>
      doc
        .font(font.bold)
        .fontSize(13)
        .fillColor('#ffffff')
        .text(business.name, margin + 44, logoTop + 10, { link: site }),
  });
  add('H1', () => doc.font(font.bold).fontSize(28).fillColor('#ffffff').text(checklist.title, margin, 96, { width }));
  add('P', () =>
    doc
      .font(font.regular)
      .fontSize(12.5)
      .fillColor(brandColours.brand100)
      .text(checklist.subtitle(checks), margin, doc.y + 6, { width }),
  );

  add('P', () => doc.font(font.regular).fontSize(11).fillColor(ink).text(checklist.intro, margin, 200, { width, lineGap: 2 }));
  doc.moveDown(0.8);

  const box = 11;
  const textX = margin + box + 12;
  const textWidth = width - box - 12;

  sections.forEach((section, index) => {
    const headingHeight = 60;
    room(headingHeight + 50);
    doc.moveDown(0.4);
    heading(`${index + 1}. ${section.title}`);
    add('P', () =>
      doc
        .font(font.regular)
        .fontSize(10.5)
        .fillColor(muted)
        .text(section.intro, margin, doc.y + 3, { width, lineGap: 1.5 }),
    );
    doc.moveDown(0.3);

    // The checks as a list: the empty tick box is each item's label (its alternative text says so), the check and why
    // it matters its body.
    const list = doc.struct('L');
    root.add(list);
    for (const item of section.items) {
      doc.font(font.bold).fontSize(10.5);
      const checkHeight = doc.heightOfString(item.check, { width: textWidth, lineGap: 1.5 });
      doc.font(font.regular).fontSize(9.5);
      const whyHeight = doc.heightOfString(item.why, { width: textWidth, lineGap: 1.5 });
      room(checkHeight + whyHeight + 14);
      const top = doc.y + 4;
      const entry = doc.struct('LI');
      list.add(entry);
      entry.add(
        doc.struct('Lbl', { alt: 'Unchecked box' }, () =>
          doc
            .roundedRect(margin, top + 1, box, box, 2)
            .lineWidth(1.2)
            .strokeColor(brandColours.brand600)
            .stroke(),
        ),
      );
      const body = doc.struct('LBody');
      entry.add(body);
      body.add(doc.struct('P', {}, () => doc.font(font.bold).fontSize(10.5).fillColor(ink).text(item.check, textX, top, { width: textWidth, lineGap: 1.5 })));
      body.add(
        doc.struct('P', {}, () =>
          doc
            .font(font.regular)
            .fontSize(9.5)
            .fillColor(muted)
            .text(item.why, textX, doc.y + 2, { width: textWidth, lineGap: 1.5 }),
        ),
      );
      body.end();
      entry.end();
      doc.y += 3;
    }
    list.end();
  });

  // Call to action.
  room(100);
  const ctaTop = doc.y + 12;
  artefact(() => doc.roundedRect(margin, ctaTop, width, 80, 10).fill(brandColours.brand50));
  add('H2', () =>
    doc
      .font(font.bold)
      .fontSize(14)
      .fillColor(ink)
      .text(checklist.offer.title, margin + 18, ctaTop + 16, { width: width - 36 }),
  );
  // One paragraph with its link inside it.
  paragraph(
    () =>
      doc
        .font(font.regular)
        .fontSize(10.5)
        .fillColor(ink)
        .text(checklist.offer.text(business.owner.name), margin + 18, doc.y + 6, { width: width - 36, continued: true, lineGap: 1.5 }),
    link(checklist.offer.linkLabel, absoluteUrl(paths.contact('audit')), true),
    () => doc.fillColor(ink).text(checklist.offer.call(business.phone.display.replace(/\u00a0/g, ' ')), { underline: false }),
  );

  // Footer on every page: who, where and the page number. Pagination is an artefact, so the site's address is plain
  // text here (a link must be tagged, and the title band's link already leads to the site).
  return finish((page, pages, y) => {
    doc
      .moveTo(margin, y - 8)
      .lineTo(doc.page.width - margin, y - 8)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
    doc
      .font(font.regular)
      .fontSize(8.5)
      .fillColor(muted)
      .text(`${business.name} · ${business.address.locality}, ${business.address.region} · `, margin, y, { continued: true, lineBreak: false })
      .fillColor(brandColours.brand700)
      .text(site.replace(/^https?:\/\/|\/$/g, ''), { continued: true, lineBreak: false })
      .fillColor(muted)
      .text(`  ·  Page ${page} of ${pages}`, { lineBreak: false });
  });
}
