import type { APIRoute } from 'astro';
import { business } from '~/config/business';
import { socialCardPng } from '~/seo/social-card';
import { file } from '~/server/api/answers';

/** The site's own social card, for pages without one of their own; drawn at build from the business facts. */
export const GET: APIRoute = async () =>
  file(
    await socialCardPng({
      eyebrow: `${business.address.locality}, ${business.address.region}`,
      title: business.owner.title,
      footer: `${business.owner.name} · ${business.email}`,
    }),
    'image/png',
  );
