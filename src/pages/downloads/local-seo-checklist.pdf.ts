import type { APIRoute } from 'astro';
import { getCollection } from 'astro:content';
import { checklist } from '~/config/checklist';
import { checklistPdf } from '~/seo/checklist-pdf';
import { file } from '~/server/api/answers';

/** The checklist PDF (at checklist.path, src/config/checklist.ts), built from src/content/checklist.yaml. */
export const GET: APIRoute = async () => {
  const sections = (await getCollection('checklist')).sort((a, b) => a.data.order - b.data.order).map((e) => e.data);
  const pdf = await checklistPdf(sections, new Date(checklist.updated));
  return file(pdf, 'application/pdf');
};
