import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { brandColours } from '~/config/brand';
import { business } from '~/config/business';
import { escapeXml } from '~/lib/xml';
import { socialImage } from './urls';

const font = 'DejaVu Sans, sans-serif';
/** Drawn cards are kept here by the hash of their drawing, so a build redraws only cards whose text changed. */
const cacheDir = path.resolve('node_modules/.cache/social-cards');

/**
 * Approximate advance widths of DejaVu Sans Bold (the font the cards are drawn in), in em: enough to break a title
 * into lines that fit, erring wide so a line never runs off the card.
 */
function textWidth(text: string, size: number): number {
  let em = 0;
  for (const ch of text) {
    if (' '.includes(ch)) em += 0.35;
    else if ("iljI.,:;!|'’".includes(ch)) em += 0.36;
    else if ('ftr()-'.includes(ch)) em += 0.5;
    else if ('mwMW'.includes(ch)) em += 1.05;
    else if (/[A-Z&]/.test(ch)) em += 0.8;
    else em += 0.66;
  }
  return em * size;
}

/** Breaks text into at most `maxLines` lines of at most `width` pixels at `size`, or null when it does not fit. */
function wrap(text: string, size: number, width: number, maxLines: number): string[] | null {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, size) <= width) line = candidate;
    else {
      if (line) lines.push(line);
      line = word;
      if (textWidth(word, size) > width) return null;
    }
  }
  if (line) lines.push(line);
  return lines.length <= maxLines ? lines : null;
}

export interface SocialCard {
  /** The small label above the title (the section of the site). */
  eyebrow: string;
  title: string;
  /** The last line, such as the place and the address of the site. */
  footer: string;
}

/** The card as SVG, 1200 × 630, in the brand's colours: logo and name, section, title in the largest size that fits. */
export function socialCardSvg({ eyebrow, title, footer }: SocialCard): string {
  const { width, height } = socialImage;
  const textLeft = 80;
  const textWidthAvailable = width - 2 * textLeft;
  const fitted = [72, 64, 56, 48, 40].map((size) => ({ size, lines: wrap(title, size, textWidthAvailable, 3) })).find((f) => f.lines !== null) ?? {
    size: 40,
    lines: [title],
  };
  const lineHeight = Math.round(fitted.size * 1.18);
  const eyebrowBaseline = 212;
  const titleTop = eyebrowBaseline + 24 + Math.round(fitted.size * 0.95);
  const titleLines = fitted
    .lines!.map(
      (line, i) =>
        `<text x="${textLeft}" y="${titleTop + i * lineHeight}" font-size="${fitted.size}" font-weight="700" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${font}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brandColours.brand600}"/><stop offset="1" stop-color="${brandColours.brand800}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="1040" cy="120" r="260" fill="#ffffff" opacity="0.06"/>
  <circle cx="1120" cy="560" r="180" fill="#ffffff" opacity="0.05"/>
  <rect x="80" y="64" width="64" height="64" rx="14" fill="#ffffff"/>
  <path d="M98 114V78m0 18h28m0-18v36" stroke="${brandColours.brand600}" stroke-width="8" stroke-linecap="round" fill="none"/>
  <text x="164" y="108" font-size="34" font-weight="700" fill="#ffffff">${escapeXml(business.name)}</text>
  <text x="${textLeft}" y="${eyebrowBaseline}" font-size="26" font-weight="700" letter-spacing="3" fill="${brandColours.brand100}">${escapeXml(eyebrow.toUpperCase())}</text>
  ${titleLines}
  <rect x="${textLeft}" y="530" width="96" height="6" rx="3" fill="${brandColours.brand100}"/>
  <text x="${textLeft}" y="584" font-size="28" fill="${brandColours.brand100}">${escapeXml(footer)}</text>
</svg>`;
}

/** The card as PNG, from the cache when the same drawing was made before. */
export async function socialCardPng(card: SocialCard): Promise<Uint8Array<ArrayBuffer>> {
  const svg = socialCardSvg(card);
  const cached = path.join(cacheDir, `${createHash('sha256').update(svg).digest('hex').slice(0, 32)}.png`);
  try {
    return new Uint8Array(readFileSync(cached));
  } catch {
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer();
    try {
      mkdirSync(cacheDir, { recursive: true });
      writeFileSync(cached, png);
    } catch {
      // Drawn on demand (an admin post's card) where the cache cannot be written: served all the same.
    }
    return new Uint8Array(png);
  }
}
