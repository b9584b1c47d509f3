/**
 * Build-time images: the generated illustrations (scripts/generate-artwork.mjs) through astro:assets, as WebP (and
 * AVIF for a page's main image) at several widths, with their intrinsic size so the layout never shifts.
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import type { PictureData } from '~/components/ui/Picture';

const sources = import.meta.glob<{ default: ImageMetadata }>('../assets/generated/*.png', { eager: true });

function source(name: string): ImageMetadata | undefined {
  return sources[`../assets/generated/${name}.png`]?.default;
}

export async function picture(name: string, options: { alt: string; widths: number[]; sizes: string; priority?: boolean }): Promise<PictureData> {
  const src = source(name);
  if (!src) throw new Error(`No generated image "${name}": run scripts/generate-artwork.mjs (npm run build does).`);
  const priority = options.priority ?? false;
  // AVIF only for the page's main image, where the smaller file counts before the first paint; a lazy image is WebP
  // alone, which keeps its markup (every width's URL) out of the page's first bytes.
  const [webp, avif] = await Promise.all(
    (priority ? (['webp', 'avif'] as const) : (['webp'] as const)).map((format) => getImage({ src, format, widths: options.widths, quality: 75 })),
  );
  const largest = Math.max(...options.widths);
  return {
    avifSrcSet: avif?.srcSet.attribute ?? null,
    webpSrcSet: webp!.srcSet.attribute,
    src: webp!.src,
    width: largest,
    height: Math.round((src.height / src.width) * largest),
    alt: options.alt,
    sizes: options.sizes,
    priority,
  };
}

export function hasImage(name: string): boolean {
  return source(name) !== undefined;
}
