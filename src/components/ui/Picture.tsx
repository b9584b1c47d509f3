export interface PictureData {
  srcSet: string;
  src: string;
  width: number;
  height: number;
  alt: string;
  sizes: string;
}

/**
 * A content image: WebP at several widths, sized so the layout never shifts, and lazy. No page's largest paint is an
 * image (each page opens with its heading and lead), so none needs loading early.
 */
export function Picture({ data, className = '' }: { data: PictureData; className?: string }) {
  return (
    <img
      src={data.src}
      srcSet={data.srcSet}
      sizes={data.sizes}
      alt={data.alt}
      width={data.width}
      height={data.height}
      loading="lazy"
      decoding="async"
      className={className ? `h-auto w-full ${className}` : 'h-auto w-full'}
    />
  );
}
