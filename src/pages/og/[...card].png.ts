import type { APIRoute, GetStaticPaths } from 'astro';
import { indexableRoutes } from '~/seo/sitemap';
import { socialCardPng } from '~/seo/social-card';
import { displayUrl, socialCardPath } from '~/seo/urls';
import { file } from '~/server/api/answers';

/** One social card per page meant for search and sharing, drawn at build from its title and section. */
export const getStaticPaths = (async () =>
  (await indexableRoutes()).map((route) => ({
    params: { card: socialCardPath(route.path).replace(/^\/og\/|\.png$/g, '') },
    props: { eyebrow: route.section, title: route.title, footer: displayUrl(route.path) },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ eyebrow: string; title: string; footer: string }> = async ({ props }) => file(await socialCardPng(props), 'image/png');
