import { socialCardSections } from '~/config/pages';
import { paths } from '~/config/paths';
import { socialCardPng } from '~/seo/social-card';
import { displayUrl } from '~/seo/urls';
import { file, pageNotFound } from '~/server/api/answers';
import { route } from '~/server/api/route';
import { postBySlug } from '~/server/features/posts/store';

/** An admin post's social card, drawn on demand as the build draws a built post's (and kept by its drawing's hash). */
export const prerender = false;

export const GET = route({}, async ({ params, runtime }) => {
  const post = await postBySlug(runtime.db, params.slug ?? '');
  if (!post || post.status !== 'published') return pageNotFound();
  const png = await socialCardPng({ eyebrow: socialCardSections.post, title: post.title, footer: displayUrl(paths.post(post.slug)) });
  return file(png, 'image/png', { 'Cache-Control': 'public, max-age=300' });
});
