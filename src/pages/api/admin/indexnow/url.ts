import { paths } from '~/config/paths';
import { indexNowUrlForm } from '~/lib/admin-forms';
import { accepted } from '~/server/api/answers';
import { invalidFields } from '~/server/api/http-error';
import { route } from '~/server/api/route';
import { startRun } from '~/server/features/indexnow/endpoint';
import { siteUrlToSubmit } from '~/server/features/indexnow/eligibility.mjs';
import { publishedPosts } from '~/server/features/posts/store';

export const prerender = false;

/** Submit one page of this site, changed or not (another host, the admin or an address with no page is refused). */
export const POST = route({ body: indexNowUrlForm, admin: true }, async ({ body, runtime, settings }) => {
  // The build's pages (the blog's index among them) and the published admin posts.
  const livePosts = (await publishedPosts(runtime.db)).map((post) => paths.post(post.slug));
  const pages = [...(await runtime.indexNow.pagePaths()), ...livePosts];
  const target = siteUrlToSubmit(body.url, settings.siteUrl, pages);
  if ('error' in target) throw invalidFields({ url: target.error });
  return accepted(await startRun(runtime, 'admin-url', [target.url]));
});
