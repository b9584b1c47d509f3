/**
 * Build-time images: the generated illustrations (scripts/generate-artwork.mjs) through astro:assets, as WebP at several
 * widths, with their intrinsic size so the layout never shifts.
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import type { PictureData } from '~/components/ui/Picture';

const sources = import.meta.glob<{ default: ImageMetadata }>('../assets/generated/*.png', { eager: true });

function source(name: string): ImageMetadata | undefined {
  return sources[`../assets/generated/${name}.png`]?.default;
}

export async function picture(name: string, options: { alt: string; widths: number[]; sizes: string }): Promise<PictureData> {
  const src = source(name);
  if (!src) throw new Error(`No generated image "${name}": run scripts/generate-artwork.mjs (npm run build does).`);
  const webp = await getImage({ src, format: 'webp', widths: options.widths, quality: 75 });
  const largest = Math.max(...options.widths);
  return {
    srcSet: webp.srcSet.attribute,
    // The largest candidate, whose URL the srcset already holds: a separate fallback file would add a URL that
    // compression cannot share (about 25 bytes an image), and every browser that shows WebP reads srcset.
    src: webp.srcSet.values.at(-1)?.url ?? webp.src,
    width: largest,
    height: Math.round((src.height / src.width) * largest),
    alt: options.alt,
    sizes: options.sizes,
  };
}

export function hasImage(name: string): boolean {
  return source(name) !== undefined;
}
