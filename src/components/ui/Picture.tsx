export interface PictureData {
  avifSrcSet: string;
  webpSrcSet: string;
  src: string;
  width: number;
  height: number;
  alt: string;
  sizes: string;
  /** The page's main image: loaded at once and early. Everything else is lazy. */
  priority: boolean;
}

/** AVIF with a WebP fallback, sized so the layout never shifts. */
export function Picture({ data, className = '' }: { data: PictureData; className?: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={data.avifSrcSet} sizes={data.sizes} />
      <source type="image/webp" srcSet={data.webpSrcSet} sizes={data.sizes} />
      <img
        src={data.src}
        alt={data.alt}
        width={data.width}
        height={data.height}
        loading={data.priority ? 'eager' : 'lazy'}
        decoding={data.priority ? 'sync' : 'async'}
        fetchPriority={data.priority ? 'high' : 'auto'}
        className={`h-auto w-full ${className}`}
      />
    </picture>
  );
}
