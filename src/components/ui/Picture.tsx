export interface PictureData {
  /** Only for the page's main image (see src/content/images.ts). */
  avifSrcSet: string | null;
  webpSrcSet: string;
  src: string;
  width: number;
  height: number;
  alt: string;
  sizes: string;
  /** The page's main image: loaded at once and early. Everything else is lazy. */
  priority: boolean;
}

/** The main image as AVIF with a WebP fallback; the others as WebP; sized so the layout never shifts. */
export function Picture({ data, className = '' }: { data: PictureData; className?: string }) {
  if (!data.priority || !data.avifSrcSet) {
    return (
      <img
        src={data.src}
        srcSet={data.webpSrcSet}
        sizes={data.sizes}
        alt={data.alt}
        width={data.width}
        height={data.height}
        loading={data.priority ? 'eager' : 'lazy'}
        decoding="async"
        className={className ? `h-auto w-full ${className}` : 'h-auto w-full'}
      />
    );
  }
  return (
    <picture>
      <source type="image/avif" srcSet={data.avifSrcSet} sizes={data.sizes} />
      <source type="image/webp" srcSet={data.webpSrcSet} sizes={data.sizes} />
      <img
        src={data.src}
        alt={data.alt}
        width={data.width}
        height={data.height}
        loading="eager"
        decoding="sync"
        fetchPriority="high"
        className={className ? `h-auto w-full ${className}` : 'h-auto w-full'}
      />
    </picture>
  );
}
