/** What the posts endpoints are handed: the database, the posts service, the build's post slugs and pages. */
import { posts } from '~/content/queries';
import type { BuiltPost, PostsEndpointDeps } from '~/server/features/posts/endpoint';
import { sitePagePaths } from '~/server/platform/site-pages.mjs';
import type { Runtime } from '~/server/runtime';

export async function postsDeps(runtime: Runtime): Promise<PostsEndpointDeps> {
  return { db: runtime.db, posts: runtime.posts, builtSlugs: new Set((await posts()).map((e) => e.id)) };
}

export async function builtPosts(): Promise<BuiltPost[]> {
  return (await posts()).map((e) => ({ id: e.id, title: e.data.title, published: e.data.published, updated: e.data.updated }));
}

/** Every page of the site an internal link may point at: the one list of the site's pages. */
export async function knownPaths(runtime: Runtime): Promise<Set<string>> {
  return sitePagePaths(runtime.db, runtime.clientDir);
}
