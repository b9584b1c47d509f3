/** What the posts endpoints are handed: the database, the posts service, the build's post slugs and pages. */
import { existsSync } from 'node:fs';
import { staticPages } from '~/config/pages';
import { paths } from '~/config/paths';
import { posts } from '~/content/queries';
import { builtPagePaths } from '~/server/features/analytics/site-pages';
import type { BuiltPost, PostsEndpointDeps } from '~/server/features/posts/endpoint';
import { publishedPosts } from '~/server/features/posts/store';
import type { Runtime } from '~/server/runtime';

export async function postsDeps(runtime: Runtime): Promise<PostsEndpointDeps> {
  return { db: runtime.db, posts: runtime.posts, builtSlugs: new Set((await posts()).map((e) => e.id)) };
}

export async function builtPosts(): Promise<BuiltPost[]> {
  return (await posts()).map((e) => ({ id: e.id, title: e.data.title, published: e.data.published, updated: e.data.updated }));
}

/** The build's pages: read once, the build does not change while the server runs. */
let builtPages: Set<string> | null = null;

/** Every page of the site an internal link may point at: the build's, the blog, and the live admin posts. */
export async function knownPaths(runtime: Runtime): Promise<Set<string>> {
  builtPages ??= existsSync(runtime.clientDir) ? builtPagePaths(runtime.clientDir) : new Set<string>();
  const built = builtPages;
  const live = (await publishedPosts(runtime.db)).map((p) => paths.post(p.slug));
  return new Set([...built, staticPages.blog.path, ...(await posts()).map((e) => paths.post(e.id)), ...live]);
}
