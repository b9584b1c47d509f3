#!/usr/bin/env node
// Draws the site's illustrations from its content, so there are no stock photos and nothing to keep in sync by hand:
// before/after mock-ups of each case study's website (in the client's brand colour), PageSpeed score cards,
// testimonial avatars and the covers of the posts that ask for one. Output: PNG sources in src/assets/generated/,
// which astro:assets turns into AVIF and WebP.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createJiti } from 'jiti';
import yaml from 'js-yaml';
import sharp from 'sharp';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const jiti = createJiti(import.meta.url, { alias: { '~': path.join(root, 'src') } });
const { brandColours, logoMarkSvg } = await jiti.import('../src/config/brand.ts');
const { business } = await jiti.import('../src/config/business.ts');
const out = path.join(root, 'src/assets/generated');
mkdirSync(out, { recursive: true });

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const font = 'DejaVu Sans, Liberation Sans, Arial, sans-serif';

function frontmatter(file) {
  const text = readFileSync(file, 'utf8');
  const match = text.match(/^---\n([\s\S]*?)\n---/);
  return yaml.load(match[1]);
}

/** Mixes a hex colour with white (t = 0 keeps it, 1 gives white). */
function tint(hex, t) {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v + (255 - v) * t));
  return `rgb(${c.join(',')})`;
}

function browserFrame(width, height, url, inner) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" rx="18" fill="#e2e8f0"/>
  <circle cx="30" cy="26" r="7" fill="#f87171"/><circle cx="52" cy="26" r="7" fill="#fbbf24"/><circle cx="74" cy="26" r="7" fill="#34d399"/>
  <rect x="100" y="13" width="${width - 130}" height="26" rx="13" fill="#fff"/>
  <text x="118" y="31" font-family="${font}" font-size="14" fill="#64748b">${esc(url)}</text>
  <svg x="0" y="52" width="${width}" height="${height - 52}">${inner}</svg>
</svg>`;
}

function beforeSite(study, w, h) {
  const lines = Array.from(
    { length: 9 },
    (_, i) => `<rect x="${40 + (i % 3) * 6}" y="${250 + i * 22}" width="${320 + ((i * 53) % 160)}" height="9" fill="#9ca3af"/>`,
  ).join('');
  return `<rect width="${w}" height="${h}" fill="#f3f4f6"/>
  <rect width="${w}" height="70" fill="#4b5563"/>
  <text x="30" y="45" font-family="DejaVu Serif, serif" font-size="26" fill="#e5e7eb">${esc(study.client)}</text>
  <text x="${w - 330}" y="44" font-family="DejaVu Serif, serif" font-size="15" fill="#93c5fd" text-decoration="underline">Home | About | Services | Contact</text>
  <rect x="30" y="95" width="${w - 60}" height="130" fill="#d1d5db"/>
  <text x="${w / 2}" y="170" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="22" fill="#6b7280">Welcome to our website!</text>
  ${lines}
  <rect x="${w - 330}" y="250" width="290" height="200" fill="#d1d5db"/>
  <circle cx="${w - 185}" cy="350" r="34" fill="none" stroke="#9ca3af" stroke-width="8" stroke-dasharray="150 60"/>
  <text x="${w - 185}" y="420" text-anchor="middle" font-family="${font}" font-size="14" fill="#6b7280">Loading…</text>
  <rect x="40" y="${h - 110}" width="150" height="34" fill="#9ca3af"/>
  <text x="115" y="${h - 88}" text-anchor="middle" font-family="DejaVu Serif, serif" font-size="14" fill="#f9fafb">click here</text>`;
}

function afterSite(study, w, h) {
  const c = study.brandColour;
  const top = 380;
  const card = (x) => `<rect x="${x}" y="${top}" width="${(w - 120) / 3}" height="150" rx="14" fill="#fff" stroke="#e2e8f0"/>
    <circle cx="${x + 38}" cy="${top + 40}" r="18" fill="${tint(c, 0.8)}"/><rect x="${x + 24}" y="${top + 72}" width="${(w - 120) / 3 - 48}" height="12" rx="6" fill="#0f172a"/>
    <rect x="${x + 24}" y="${top + 94}" width="${(w - 120) / 3 - 80}" height="9" rx="4" fill="#94a3b8"/><rect x="${x + 24}" y="${top + 110}" width="${(w - 120) / 3 - 110}" height="9" rx="4" fill="#94a3b8"/>`;
  return `<rect width="${w}" height="${h}" fill="#ffffff"/>
  <rect width="${w}" height="70" fill="#fff"/><line x1="0" y1="70" x2="${w}" y2="70" stroke="#e2e8f0"/>
  <circle cx="46" cy="35" r="16" fill="${c}"/>
  <text x="72" y="43" font-family="${font}" font-size="22" font-weight="bold" fill="#0f172a">${esc(study.client)}</text>
  <rect x="${w - 170}" y="18" width="140" height="36" rx="18" fill="${c}"/>
  <text x="${w - 100}" y="42" text-anchor="middle" font-family="${font}" font-size="15" font-weight="bold" fill="#fff">Get a quote</text>
  <rect x="40" y="115" width="${w * 0.45}" height="26" rx="8" fill="#0f172a"/>
  <rect x="40" y="153" width="${w * 0.38}" height="26" rx="8" fill="#0f172a"/>
  <rect x="40" y="200" width="${w * 0.42}" height="11" rx="5" fill="#64748b"/>
  <rect x="40" y="220" width="${w * 0.36}" height="11" rx="5" fill="#64748b"/>
  <rect x="40" y="258" width="150" height="44" rx="22" fill="${c}"/>
  <rect x="205" y="258" width="150" height="44" rx="22" fill="#fff" stroke="#cbd5e1" stroke-width="2"/>
  <rect x="${w * 0.56}" y="100" width="${w * 0.4}" height="230" rx="20" fill="${tint(c, 0.85)}"/>
  <circle cx="${w * 0.76}" cy="200" r="70" fill="${tint(c, 0.55)}"/>
  <rect x="${w * 0.62}" y="290" width="${w * 0.28}" height="14" rx="7" fill="${tint(c, 0.3)}"/>
  ${card(40)}${card(40 + (w - 120) / 3 + 20)}${card(40 + 2 * ((w - 120) / 3 + 20))}
  <rect x="40" y="${top + 190}" width="${w - 80}" height="60" rx="14" fill="${tint(c, 0.9)}"/>
  <rect x="64" y="${top + 214}" width="${w * 0.3}" height="12" rx="6" fill="${tint(c, 0.35)}"/>`;
}

function gauge(cx, cy, score, label) {
  const r = 46;
  const circumference = 2 * Math.PI * r;
  const colour = score >= 90 ? '#0a7d3b' : score >= 50 ? '#b45309' : '#b91c1c';
  const track = score >= 90 ? '#dcfce7' : score >= 50 ? '#fef3c7' : '#fee2e2';
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${track}"/>
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${colour}" stroke-width="8" stroke-linecap="round"
    stroke-dasharray="${(circumference * score) / 100} ${circumference}" transform="rotate(-90 ${cx} ${cy})"/>
  <text x="${cx}" y="${cy + 12}" text-anchor="middle" font-family="${font}" font-size="32" font-weight="bold" fill="${colour}">${score}</text>
  <text x="${cx}" y="${cy + 80}" text-anchor="middle" font-family="${font}" font-size="17" fill="#334155">${label}</text>`;
}

function pagespeedCard(study, device, scores) {
  const w = 900;
  const h = 330;
  const labels = ['Performance', 'Accessibility', 'Best Practices', 'SEO'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <rect width="${w}" height="${h}" rx="20" fill="#fff" stroke="#e2e8f0" stroke-width="2"/>
  <text x="36" y="54" font-family="${font}" font-size="22" font-weight="bold" fill="#0f172a">PageSpeed Insights · ${device === 'mobile' ? 'Mobile' : 'Desktop'}</text>
  <text x="${w - 36}" y="54" text-anchor="end" font-family="${font}" font-size="17" fill="#64748b">${esc(study.client)}</text>
  ${scores.map((score, i) => gauge(135 + i * 210, 160, score, labels[i])).join('')}
</svg>`;
}

function avatar(colour) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192" viewBox="0 0 192 192">
  <rect width="192" height="192" fill="${tint(colour, 0.78)}"/>
  <circle cx="96" cy="78" r="34" fill="${tint(colour, 0.2)}"/>
  <path d="M30 192c4-44 32-68 66-68s62 24 66 68z" fill="${tint(colour, 0.2)}"/>
</svg>`;
}

/** Breaks text into lines of at most `chars` characters (DejaVu Sans runs about 0.6 em a character). */
function lines(text, chars) {
  const out = [];
  for (const word of String(text).split(/\s+/)) {
    const last = out.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= chars) out[out.length - 1] = `${last} ${word}`;
    else out.push(word);
  }
  return out;
}

/**
 * A post's cover, 1600 × 900: a title card in the brand's colours (logo, name, the title) over a panel listing the
 * guide's numbered points, so the picture says what the post covers.
 */
function postCover(title, points) {
  const w = 1600;
  const h = 900;
  const titleLines = lines(title, 36).slice(0, 2);
  const titleSize = 64;
  const panelTop = 160 + titleLines.length * 78 + 40;
  const columns = 2;
  const perColumn = Math.ceil(points.length / columns);
  const columnWidth = (w - 160 - 60) / columns;
  const rowHeight = (h - 60 - panelTop - 60) / Math.max(1, perColumn);
  const items = points
    .map((point, i) => {
      const x = 80 + 40 + Math.floor(i / perColumn) * (columnWidth + 20);
      const y = panelTop + 40 + (i % perColumn) * rowHeight;
      const text = lines(point, 40)
        .slice(0, 2)
        .map((line, j) => `<text x="${x + 64}" y="${y + 30 + j * 32}" font-size="26" fill="${brandColours.brand800}">${esc(line)}</text>`)
        .join('');
      return `<circle cx="${x + 22}" cy="${y + 21}" r="22" fill="${brandColours.brand600}"/>
  <text x="${x + 22}" y="${y + 30}" text-anchor="middle" font-size="24" font-weight="bold" fill="#fff">${i + 1}</text>${text}`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${font}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${brandColours.brand600}"/><stop offset="1" stop-color="${brandColours.brand800}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>
  <circle cx="1420" cy="110" r="300" fill="#fff" opacity="0.06"/>
  <svg x="80" y="56" width="56" height="56" viewBox="0 0 32 32">${logoMarkSvg('#ffffff').replace('stroke="#fff"', `stroke="${brandColours.brand600}"`)}</svg>
  <text x="154" y="96" font-size="30" font-weight="bold" fill="#fff">${esc(business.name)}</text>
  <text x="${w - 80}" y="96" text-anchor="end" font-size="24" font-weight="bold" letter-spacing="3" fill="${brandColours.brand100}">GUIDE</text>
  ${titleLines.map((line, i) => `<text x="80" y="${200 + i * 78}" font-size="${titleSize}" font-weight="bold" fill="#fff">${esc(line)}</text>`).join('')}
  <rect x="80" y="${panelTop}" width="${w - 160}" height="${h - 60 - panelTop}" rx="24" fill="${brandColours.brand50}"/>
  ${items}
</svg>`;
}

async function png(svg, file) {
  writeFileSync(path.join(out, file), await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer());
}

const studiesDir = path.join(root, 'src/content/case-studies');
let count = 0;
for (const name of readdirSync(studiesDir).filter((f) => f.endsWith('.md'))) {
  const id = name.slice(0, -3);
  const study = frontmatter(path.join(studiesDir, name));
  const url = (study.externalUrl ?? `https://${id}.example`).replace(/^https?:\/\//, '');
  await png(browserFrame(1200, 750, url, beforeSite(study, 1200, 698)), `${id}-before.png`);
  await png(browserFrame(1200, 750, url, afterSite(study, 1200, 698)), `${id}-after.png`);
  count += 2;
  for (const device of ['mobile', 'desktop']) {
    if (!study.pagespeed) continue;
    await png(pagespeedCard(study, device, study.pagespeed[device]), `${id}-pagespeed-${device}.png`);
    count++;
  }
}

const palette = ['#0f766e', '#b91c1c', '#7c3aed', '#b45309', '#0369a1', '#15803d'];
const testimonials = yaml.load(readFileSync(path.join(root, 'src/content/testimonials.yaml'), 'utf8'));
for (const [i, t] of testimonials.entries()) {
  await png(avatar(palette[i % palette.length]), `avatar-${t.id}.png`);
  count++;
}
const postsDir = path.join(root, 'src/content/posts');
for (const name of readdirSync(postsDir).filter((f) => f.endsWith('.md'))) {
  const text = readFileSync(path.join(postsDir, name), 'utf8');
  const post = frontmatter(path.join(postsDir, name));
  if (!post.cover) continue;
  // The post's numbered sections ("## 3. One page for every service"): what the guide walks through.
  const points = [...text.matchAll(/^## \d+\.\s+(.+)$/gm)].map((m) => m[1].trim());
  await png(postCover(post.title, points), `post-${name.slice(0, -3)}-cover.png`);
  count++;
}

console.log(`generated ${count} illustrations in src/assets/generated`);
