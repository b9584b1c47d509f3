/**
 * A tagged PDF's structure tree, for pdfkit documents made with `tagged: true` (the checklist, the audit report): the
 * document root in reading order, an element added with its drawing, and decoration marked as an artefact that a
 * screen reader skips.
 */
import type PDFDocument from 'pdfkit';

export function taggedStructure(doc: InstanceType<typeof PDFDocument>) {
  const root = doc.struct('Document');
  doc.addStructure(root);
  return {
    root,
    /** An element of `type` (H1, P, …) whose content is what `draw` puts on the page. */
    add: (type: string, draw: () => void) => root.add(doc.struct(type, {}, draw)),
    /** Drawing that carries no content: bands, boxes, rules, footers. */
    artefact: (draw: () => void) => {
      doc.markContent('Artifact', { type: 'Layout' });
      draw();
      doc.endMarkedContent();
    },
  };
}
