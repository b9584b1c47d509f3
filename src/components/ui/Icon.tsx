/** Inline SVG icons (decorative: hidden from assistive technology; the text beside them carries the meaning). */
const shapes = {
  star: 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  cross: 'M6 6l12 12M18 6L6 18',
  arrow: 'M5 12h14M13 6l6 6-6 6',
  phone:
    'M6.6 10.8a15.2 15.2 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  pin: 'M12 21s-7-6.2-7-11.5A7 7 0 0119 9.5C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 100-5 2.5 2.5 0 000 5z',
  clock: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 7v5l3 2',
  menu: 'M4 7h16M4 12h16M4 17h16',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 01-1 1H5a1 1 0 01-1-1V7a1 1 0 011-1h5',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  search: 'M10.5 18a7.5 7.5 0 100-15 7.5 7.5 0 000 15zM16 16l5 5',
  layout: 'M3 4h18v16H3zM3 9h18M9 9v11',
  pound: 'M16 6.5A3.5 3.5 0 009.5 8v10M7 12h6M6 18h11',
} as const;

export type IconName = keyof typeof shapes;

export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  // The star is filled; the others are drawn with a line (attributes only where they apply: they repeat on every page).
  const paint =
    name === 'star'
      ? { fill: 'currentColor' }
      : ({ fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const);
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" {...paint}>
      <path d={shapes[name]} />
    </svg>
  );
}

/** One star's outline from its left edge, drawn relative to the point it starts at so it can be repeated. */
const starStep = 'l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6-5.9-3.3-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/**
 * A rating as one SVG with one path (the stars side by side), not an SVG per star: the home page shows about ten
 * ratings, and 47 SVGs of one path each were 94 of its 1,200 elements to style and lay out at load (issue 42).
 * `className` sets the height; the width follows from the view box.
 */
export function Stars({ count = 5, className = 'h-5' }: { count?: number; className?: string }) {
  const d = Array.from({ length: count }, (_, i) => `M${12 + 24 * i} 2.5${starStep}`).join('');
  return (
    <svg
      className={`inline-block w-auto text-amber-500 ${className}`}
      viewBox={`0 0 ${24 * count} 24`}
      role="img"
      aria-label={`Rated ${count} out of 5`}
      fill="currentColor"
    >
      <path d={d} />
    </svg>
  );
}
