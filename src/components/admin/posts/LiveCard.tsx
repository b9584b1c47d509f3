/** Where a live post is, since when, and when it was last updated. */
import type { PostDetail } from '~/lib/post-types';
import { formatLondon } from '~/lib/posts';
import { Card } from '../ui/card';

export function LiveCard({ post }: { post: PostDetail }) {
  return (
    <Card title="Live">
      <p className="text-sm">
        At{' '}
        <a className="link" href={post.path}>
          {post.path}
        </a>{' '}
        since {formatLondon(post.publishedAt!)}
        {post.modifiedAt ? `, updated ${formatLondon(post.modifiedAt)}` : ''}.
      </p>
    </Card>
  );
}
