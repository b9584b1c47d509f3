import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { business } from '~/config/business';
import { fillFacts } from '~/config/facts';
import { staticPages } from '~/config/pages';
import { paths } from '~/config/paths';
import { posts } from '~/content/queries';
import { absoluteUrl } from '~/seo/urls';

export const GET: APIRoute = async () =>
  rss({
    title: `${business.name} blog`,
    description: fillFacts(staticPages.blog.description),
    site: absoluteUrl('/'),
    customData: '<language>en-gb</language>',
    items: (await posts()).map((post) => ({
      title: post.data.title,
      description: post.data.description,
      pubDate: post.data.published,
      link: absoluteUrl(paths.post(post.id)),
      categories: post.data.keywords,
      author: `${business.email} (${business.owner.name})`,
    })),
  });
