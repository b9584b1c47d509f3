/**
 * Admin posts inside the server process: the scheduler (a worker that publishes scheduled posts when their time
 * comes, in every process; a post is published once), the addresses of live posts for analytics (re-read every few
 * seconds, so a post published by another process counts too), and submitting changed addresses to IndexNow.
 */
import { postLimits } from '~/config/posts';
import { paths } from '~/config/paths';
import { staticPages } from '~/config/pages';
import type { Db } from '../../db';
import { livePosts } from '../../platform/site-pages.mjs';
import { startWorker } from '../../platform/worker';
import { errorField, log } from '../../platform/log.mjs';
import { markdownRenderer } from './markdown';
import { publishDue, type PostRecord } from './store';

export interface PostsService {
  /** Markdown → safe HTML, as the public page shows it. */
  render(markdown: string): string;
  /** Whether a path is a live admin post (for analytics: only pages of the site are counted). */
  isLivePath(path: string): boolean;
  /** A post's address changed (published, updated, unpublished): the post and the blog are submitted to IndexNow. */
  changed(post: Pick<PostRecord, 'slug'>, previousSlug?: string): void;
  /** Re-reads the live addresses now (after a change made by this process). */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

export interface PostsDeps {
  db: Db;
  siteUrl: string;
  submitUrls: (urls: string[]) => Promise<unknown>;
}

export function createPostsService({ db, siteUrl, submitUrls }: PostsDeps): PostsService {
  const render = markdownRenderer(siteUrl);
  let live = new Set<string>();
  const refresh = async () => {
    live = new Set((await livePosts(db)).map((post) => post.path));
  };
  const changed = (post: Pick<PostRecord, 'slug'>, previousSlug?: string) => {
    const urls = [post.slug, ...(previousSlug && previousSlug !== post.slug ? [previousSlug] : [])].map((slug) => siteUrl + paths.post(slug));
    // In the background: the owner's click does not wait for a search engine.
    submitUrls([...urls, siteUrl + staticPages.blog.path]).catch((error: unknown) => log.error(errorField(error), '[posts] IndexNow submission failed'));
  };
  const scheduler = startWorker(
    'posts',
    async () => {
      for (const post of await publishDue(db)) {
        log.info(`[posts] scheduled post published: ${paths.post(post.slug)}`);
        changed(post);
      }
      await refresh();
    },
    { everyMs: postLimits.schedulerEveryMs },
  );
  return {
    render,
    isLivePath: (path) => live.has(path),
    changed,
    refresh,
    stop: () => scheduler.stop(),
  };
}
