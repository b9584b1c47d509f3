/** Admin → Posts: every post, the code's (read-only, with where to edit it) and the admin's, with status and views. */
import { postPaths, postStatusLabels, type PostStatus } from '~/config/posts';
import { formatLondon, formatLondonDay } from '~/lib/posts';
import type { PostListItem } from '~/lib/post-types';
import { AdminQueryProvider, usePostList } from '../data/queries';
import { Badge, type BadgeVariant, buttonClass, Card, ScrollArea } from '../ui/primitives';
import { pluralWord } from '~/lib/plural.mjs';

const statusBadges: Record<PostStatus, BadgeVariant> = { draft: 'neutral', scheduled: 'info', published: 'good', unpublished: 'warn' };

function Rows({ initial }: { initial: PostListItem[] }) {
  const { data: posts } = usePostList(initial);
  if (posts.length === 0) return <p className="text-muted">No posts yet.</p>;
  return (
    // On a phone each post is a block (title, status, dates, views one under another); from md up, a table.
    <ScrollArea label="Posts">
      <table className="w-full text-left text-sm md:min-w-[44rem]">
        <thead className="max-md:sr-only">
          <tr className="border-b border-slate-200 text-muted">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Title
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Status
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Dates (UK time)
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Views, 30 days
            </th>
          </tr>
        </thead>
        <tbody>
          {posts.map((post) => (
            <tr key={post.path} className="border-b border-slate-100 align-top max-md:block max-md:py-3">
              <td className="py-2 pr-3 max-md:block max-md:py-0.5">
                {post.id ? (
                  <a href={postPaths.editor(post.id)} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                    {post.title}
                  </a>
                ) : (
                  <span className="font-semibold text-ink">{post.title}</span>
                )}
                <span className="block text-muted">{post.path}</span>
                {post.source && <span className="block text-muted">Part of the code: edit {post.source} (read-only here)</span>}
              </td>
              <td className="py-2 pr-3 max-md:block max-md:py-0.5">
                <Badge variant={statusBadges[post.status]}>{postStatusLabels[post.status]}</Badge>
                {!post.id && (
                  <span className="ml-1">
                    <Badge>Code</Badge>
                  </span>
                )}
              </td>
              <td className="py-2 pr-3 text-muted max-md:block max-md:py-0.5">
                {post.publishAt !== null && <span className="block">Goes live {formatLondon(post.publishAt)}</span>}
                {post.publishedAt !== null && <span className="block">Published {(post.id ? formatLondon : formatLondonDay)(post.publishedAt)}</span>}
                <span className="block">Updated {(post.id ? formatLondon : formatLondonDay)(post.updatedAt)}</span>
              </td>
              <td className="py-2 pr-3 text-right tabular-nums max-md:block max-md:py-0.5 max-md:text-left">
                {post.views30.toLocaleString('en-GB')}
                <span className="md:hidden"> {pluralWord(post.views30, 'view')} in the last 30 days</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

export function PostList({ posts }: { posts: PostListItem[] }) {
  return (
    <AdminQueryProvider>
      <Card
        title="All posts"
        actions={
          <a href={postPaths.newPost} className={buttonClass('primary', 'sm')}>
            New post
          </a>
        }
      >
        <Rows initial={posts} />
      </Card>
    </AdminQueryProvider>
  );
}
