import type { APIRoute } from 'astro';
import sharp from 'sharp';
import { brandColours } from '~/config/brand';
import { business } from '~/config/business';
import { escapeXml } from '~/lib/xml';
import { socialImage } from '~/seo/urls';

/** The social sharing card, drawn at build time from the business facts so it never goes out of date. */
export const GET: APIRoute = async () => {
  const { width, height } = socialImage;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brandColours.brand600}"/><stop offset="1" stop-color="${brandColours.brand800}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#g)"/>
  <circle cx="1040" cy="120" r="260" fill="#ffffff" opacity="0.06"/>
  <circle cx="1120" cy="560" r="180" fill="#ffffff" opacity="0.05"/>
  <rect x="80" y="80" width="72" height="72" rx="16" fill="#ffffff"/>
  <path d="M102 136V96m0 20h28m0-20v40" stroke="${brandColours.brand600}" stroke-width="8" stroke-linecap="round" fill="none"/>
  <text x="176" y="130" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="700" fill="#ffffff">${escapeXml(business.name)}</text>
  <text x="80" y="300" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="#ffffff">${escapeXml(business.owner.title.split(' & ')[0] ?? '')}</text>
  <text x="80" y="380" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="#ffffff">&amp; ${escapeXml(business.owner.title.split(' & ')[1] ?? '')}</text>
  <text x="80" y="470" font-family="DejaVu Sans, sans-serif" font-size="34" fill="${brandColours.brand100}">${escapeXml(`${business.address.locality}, ${business.address.region}`)}</text>
  <text x="80" y="550" font-family="DejaVu Sans, sans-serif" font-size="30" fill="${brandColours.brand100}">${escapeXml(`${business.owner.name} · ${business.email}`)}</text>
</svg>`;
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
