/** Admin → Posts: every post, the code's (read-only, with where to edit it) and the admin's, with status and views. */
import { postPaths, postStatusLabels, type PostStatus } from '~/config/posts';
import { formatLondon, formatLondonDay } from '~/lib/posts';
import type { PostListItem } from '~/lib/post-types';
import { AdminQueryProvider, usePostList } from '../data/queries';
import { Badge, type BadgeVariant } from '../ui/badge';
import { buttonClass } from '../ui/button';
import { Card } from '../ui/card';
import { ScrollArea } from '../ui/scroll-area';
import { pluralWord } from '~/lib/plural.mjs';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table';

const statusBadges: Record<PostStatus, BadgeVariant> = { draft: 'neutral', scheduled: 'info', published: 'good', unpublished: 'warn' };

function Rows({ initial }: { initial: PostListItem[] }) {
  const { data: posts } = usePostList(initial);
  if (posts.length === 0) return <p className="text-muted">No posts yet.</p>;
  return (
    // On a phone each post is a block (title, status, dates, views one under another); from md up, a table.
    <ScrollArea label="Posts">
      <Table kind="list" stack className="md:min-w-[44rem]">
        <TableHeader>
          <TableRow>
            <TableHead className="font-semibold">Title</TableHead>
            <TableHead className="font-semibold">Status</TableHead>
            <TableHead className="font-semibold">Dates (UK time)</TableHead>
            <TableHead numeric className="font-semibold">
              Views, 30 days
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {posts.map((post) => (
            <TableRow key={post.path}>
              <TableCell>
                {post.id ? (
                  <a href={postPaths.editor(post.id)} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                    {post.title}
                  </a>
                ) : (
                  <span className="font-semibold text-ink">{post.title}</span>
                )}
                <span className="block text-muted">{post.path}</span>
                {post.source && <span className="block text-muted">Part of the code: edit {post.source} (read-only here)</span>}
              </TableCell>
              <TableCell>
                <Badge variant={statusBadges[post.status]}>{postStatusLabels[post.status]}</Badge>
                {!post.id && (
                  <span className="ml-1">
                    <Badge>Code</Badge>
                  </span>
                )}
              </TableCell>
              <TableCell className="text-muted">
                {post.publishAt !== null && <span className="block">Goes live {formatLondon(post.publishAt)}</span>}
                {post.publishedAt !== null && <span className="block">Published {(post.id ? formatLondon : formatLondonDay)(post.publishedAt)}</span>}
                <span className="block">Updated {(post.id ? formatLondon : formatLondonDay)(post.updatedAt)}</span>
              </TableCell>
              <TableCell numeric className="max-md:text-left">
                {post.views30.toLocaleString('en-GB')}
                <span className="md:hidden"> {pluralWord(post.views30, 'view')} in the last 30 days</span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
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
