import { getRssString } from '@astrojs/rss';
import { business } from '~/config/business';
import { fillFacts } from '~/config/facts';
import { staticPages } from '~/config/pages';
import { paths } from '~/config/paths';
import { posts } from '~/content/queries';
import { livePostLinks } from '~/server/features/posts/public';
import { absoluteUrl } from '~/seo/urls';
import { file } from '~/server/api/answers';
import { route } from '~/server/api/route';

/** The built posts and the admin's published ones, newest first; on demand, so a post is in the feed once live. */
export const prerender = false;

export const GET = route({}, async ({ runtime }) => {
  const built = (await posts()).map((post) => ({
    title: post.data.title,
    description: post.data.description,
    pubDate: post.data.published,
    path: paths.post(post.id),
    keywords: post.data.keywords,
  }));
  const admin = (await livePostLinks(runtime.db, paths.post)).map((p) => ({
    title: p.title,
    description: p.description,
    pubDate: p.published,
    path: p.path,
    keywords: p.keywords,
  }));
  const feed = await getRssString({
    title: `${business.name} blog`,
    description: fillFacts(staticPages.blog.description),
    site: absoluteUrl('/'),
    customData: '<language>en-gb</language>',
    items: [...built, ...admin]
      .sort((a, b) => b.pubDate.getTime() - a.pubDate.getTime())
      .map((item) => ({
        title: item.title,
        description: item.description,
        pubDate: item.pubDate,
        link: absoluteUrl(item.path),
        categories: item.keywords,
        author: `${business.email} (${business.owner.name})`,
      })),
  });
  return file(feed, 'application/xml');
});
