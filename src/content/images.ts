/**
 * Build-time images: the generated illustrations (scripts/generate-artwork.mjs) through astro:assets, as WebP at
 * several widths, with their intrinsic size so the layout never shifts.
 */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import type { PictureData } from '~/components/ui/Picture';
import { coverQuality, coverWidths } from '~/config/posts';

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

/**
 * A built post's cover (generated as post-<id>-cover), made as an admin post's upload is (src/server/features/posts/
 * covers.ts): AVIF and WebP at the cover widths and qualities, the middle WebP as the fallback, the largest's size.
 */
export async function postCover(id: string, alt: string) {
  const name = `post-${id}-cover`;
  const src = source(name);
  if (!src) throw new Error(`No generated image "${name}": run scripts/generate-artwork.mjs (npm run build does).`);
  const widths = [...new Set(coverWidths.map((width) => Math.min(width, src.width)))];
  const largest = Math.max(...widths);
  const [avif, webp] = await Promise.all(
    (['avif', 'webp'] as const).map((format) => getImage({ src, format, width: largest, widths, quality: coverQuality[format] })),
  );
  const middle = await getImage({ src, format: 'webp', width: widths[Math.floor(widths.length / 2)]!, quality: coverQuality.webp });
  return {
    avif: avif!.srcSet.attribute,
    webp: webp!.srcSet.attribute,
    src: middle.src,
    width: largest,
    height: Math.round((src.height / src.width) * largest),
    alt,
  };
}

export function hasImage(name: string): boolean {
  return source(name) !== undefined;
}
