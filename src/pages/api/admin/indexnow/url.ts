import type { APIRoute } from 'astro';
import { settings } from '~/config/settings.mjs';
import { indexNowUrlForm } from '~/lib/admin-forms';
import { jsonAnswer } from '~/server/api/caller';
import { guarded, readForm } from '~/server/api/endpoint';
import { startRun } from '~/server/features/indexnow/endpoint';
import { siteUrlToSubmit } from '~/server/features/indexnow/eligibility.mjs';
import { getRuntime } from '~/server/runtime';
import { paths } from '~/config/paths';
import { publishedPosts } from '~/server/features/posts/store';

export const prerender = false;

/** Submit one page of this site, changed or not (another host, the admin or an address with no page is refused). */
export const POST: APIRoute = (context) =>
  guarded(async () => {
    const form = await readForm(context.request, indexNowUrlForm);
    if ('answer' in form) return form.answer;
    const runtime = await getRuntime();
    // The build's pages (the blog's index among them) and the published admin posts.
    const livePosts = (await publishedPosts(runtime.db)).map((post) => paths.post(post.slug));
    const pages = [...(await runtime.indexNow.pagePaths()), ...livePosts];
    const target = siteUrlToSubmit(form.data.url, settings().siteUrl, pages);
    if ('error' in target) return jsonAnswer(400, { ok: false, errors: { url: target.error } });
    return startRun(runtime, 'admin-url', [target.url]);
  });
