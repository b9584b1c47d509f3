/**
 * Build-time images: the generated illustrations (scripts/generate-artwork.mjs) through astro:assets, as WebP at
 * several widths, with their intrinsic size so the layout never shifts.
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
  const largest = Math.max(...options.widths);
  const webp = await getImage({ src, format: 'webp', width: largest, widths: options.widths, quality: 75 });
  return {
    srcSet: webp.srcSet.attribute,
    src: webp.src,
    width: largest,
    height: Math.round((src.height / src.width) * largest),
    alt: options.alt,
    sizes: options.sizes,
  };
}

export function hasImage(name: string): boolean {
  return source(name) !== undefined;
}
