/**
 * Brand colours and the logo mark. src/styles/global.css declares the same colours for Tailwind (CSS cannot import
 * this file); a unit test keeps the two equal. The theme colour, the favicon and the social image read them here.
 */
export const brandColours = {
  brand50: '#eff6ff',
  brand100: '#dbeafe',
  brand600: '#1d4ed8',
  brand700: '#1e40af',
  brand800: '#1e3a8a',
} as const;

/** The logo mark (an "H" on a rounded square), as SVG markup for a 32 × 32 view box. */
export const logoMarkSvg = (background: string = brandColours.brand600) =>
  `<rect width="32" height="32" rx="8" fill="${background}"/><path d="M9 23V9m0 7h14m0-7v14" stroke="#fff" stroke-width="3" stroke-linecap="round" fill="none"/>`;
