/**
 * Cover images: an upload (JPEG, PNG or WebP, judged by its content, at most 10 MB) is made into the sizes and formats
 * the build makes of its images (AVIF and WebP at a few widths, never wider than the original), stored in the
 * database so every server process sharing it serves them.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { coverFormats, coverQuality, coverWidths, postLimits, postMessages, type CoverFormat } from '~/config/posts';
import type { Db } from '../../db';

export type CoverResult = { ok: true; id: string; width: number; height: number } | { ok: false; error: string };

const acceptedFormats = new Set(['jpeg', 'png', 'webp']);

export async function storeCover(db: Db, bytes: Uint8Array, now = Date.now()): Promise<CoverResult> {
  if (bytes.byteLength > postLimits.coverMaxBytes) return { ok: false, error: postMessages.coverTooLarge };
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    return { ok: false, error: postMessages.coverNotImage };
  }
  if (!meta.format || !acceptedFormats.has(meta.format) || !meta.width || !meta.height) return { ok: false, error: postMessages.coverNotImage };
  const id = randomUUID();
  const widths = [...new Set(coverWidths.map((w) => Math.min(w, meta.width!)))];
  const rows = [];
  for (const width of widths) {
    for (const format of coverFormats) {
      const pipeline = sharp(bytes).rotate().resize({ width, withoutEnlargement: true });
      const { data, info } = await (
        format === 'avif' ? pipeline.avif({ quality: coverQuality.avif, effort: 2 }) : pipeline.webp({ quality: coverQuality.webp })
      ).toBuffer({
        resolveWithObject: true,
      });
      rows.push({ id, width, height: info.height, format, data: data.toString('base64'), created_at: now });
    }
  }
  await db.insertInto('post_images').values(rows).execute();
  const largest = rows.at(-1)!;
  return { ok: true, id, width: largest.width, height: largest.height };
}

/** "<id>-<width>.<format>" → the stored image, or null. */
export async function coverImage(db: Db, file: string): Promise<{ bytes: Buffer; format: CoverFormat } | null> {
  const m = /^([a-f0-9-]{36})-(\d{1,5})\.(avif|webp)$/.exec(file);
  if (!m) return null;
  const row = await db
    .selectFrom('post_images')
    .select(['data', 'format'])
    .where('id', '=', m[1]!)
    .where('width', '=', Number(m[2]))
    .where('format', '=', m[3]!)
    .executeTakeFirst();
  return row ? { bytes: Buffer.from(row.data, 'base64'), format: row.format as CoverFormat } : null;
}
