import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { socialCardPng, socialCardSvg } from '~/seo/social-card';
import { socialImage } from '~/seo/urls';
import { builtFileFor, builtFiles, clientDir } from '../support/built-site';

const meta = (html: string, key: string) => html.match(new RegExp(`<meta (?:property|name)="${key.replace(/:/g, '\\:')}" content="([^"]*)"`))?.[1] ?? null;

const pages = builtFiles('.html').map((file) => {
  const html = readFileSync(file, 'utf8');
  return { page: path.relative(clientDir, file), html, noindex: html.includes('name="robots" content="noindex') };
});

describe('social images', () => {
  it.each(pages.map((p) => [p.page, p] as const))('%s: og:image and twitter:image exist, 1200×630, with alt text', async (_, { html }) => {
    const url = meta(html, 'og:image');
    expect(url).toBeTruthy();
    expect(meta(html, 'twitter:image')).toBe(url);
    expect(meta(html, 'og:image:width')).toBe(String(socialImage.width));
    expect(meta(html, 'og:image:height')).toBe(String(socialImage.height));
    expect(meta(html, 'og:image:alt')?.length).toBeGreaterThan(10);
    const file = builtFileFor(new URL(url!).pathname);
    expect(existsSync(file), file).toBe(true);
    const { width, height, format } = await sharp(file).metadata();
    expect({ width, height, format }).toEqual({ width: socialImage.width, height: socialImage.height, format: 'png' });
  });

  it('every page meant for sharing has a card of its own, different from every other', () => {
    const shared = pages.filter((p) => !p.noindex);
    // Built pages only: the blog, rendered on demand, shows its built card (/og/blog.png), checked by posts.test.ts.
    expect(shared.length).toBeGreaterThanOrEqual(34);
    const images = shared.map((p) => new URL(meta(p.html, 'og:image')!).pathname);
    expect(new Set(images).size).toBe(shared.length);
    const contents = images.map((image) =>
      createHash('sha256')
        .update(readFileSync(builtFileFor(image)))
        .digest('hex'),
    );
    expect(new Set(contents).size).toBe(shared.length);
    // The card carries the page's title (the og:title without the business name).
    for (const p of shared) expect(meta(p.html, 'og:image:alt')).toContain(meta(p.html, 'og:title')!.split(' | ')[0]!.replace(/&amp;/g, '&'));
  });

  it('a card is drawn once per text: the same card comes from the cache, a changed title draws a new one', async () => {
    const card = { eyebrow: 'Test', title: `A title drawn by the test ${process.pid}`, footer: 'example.test/path' };
    const cached = path.resolve('node_modules/.cache/social-cards', `${createHash('sha256').update(socialCardSvg(card)).digest('hex').slice(0, 32)}.png`);
    rmSync(cached, { force: true });
    const first = await socialCardPng(card);
    expect(existsSync(cached)).toBe(true);
    const drawnAt = statSync(cached).mtimeMs;
    const again = await socialCardPng(card);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(statSync(cached).mtimeMs).toBe(drawnAt);
    expect(socialCardSvg({ ...card, title: `${card.title}!` })).not.toBe(socialCardSvg(card));
    rmSync(cached, { force: true });
  });

  it('a long title still fits: it is set smaller, in at most three lines', () => {
    const svg = socialCardSvg({
      eyebrow: 'Blog',
      title: 'Technical SEO Checklist for Hertfordshire Businesses: Twenty-Five Checks Before You Launch a New Website',
      footer: 'x',
    });
    const lines = [...svg.matchAll(/font-size="(\d+)" font-weight="700" fill="#ffffff">/g)].map((m) => Number(m[1]));
    // The business name is one bold white line; the title is the rest.
    expect(lines.length - 1).toBeLessThanOrEqual(3);
    expect(Math.max(...lines.slice(1))).toBeLessThan(72);
  });
});
