import type { APIRoute } from 'astro';
import { socialCardSections } from '~/config/pages';
import { paths } from '~/config/paths';
import { socialCardPng } from '~/seo/social-card';
import { displayUrl } from '~/seo/urls';
import { postBySlug } from '~/server/features/posts/store';
import { readOrUnavailable } from '~/server/features/posts/public';

/** An admin post's social card, drawn on demand as the build draws a built post's (and kept by its drawing's hash). */
export const prerender = false;

export const GET: APIRoute = async ({ params, locals }) => {
  const db = (await locals.runtime()).db;
  const post = await readOrUnavailable(() => postBySlug(db, params.slug ?? ''));
  if (post instanceof Response) return post;
  if (!post || post.status !== 'published') return new Response(null, { status: 404 });
  const png = await socialCardPng({ eyebrow: socialCardSections.post, title: post.title, footer: displayUrl(paths.post(post.slug)) });
  return new Response(png, { headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=300' } });
};
