/** What the posts endpoints answer: the wire types the admin's posts pages read (the endpoints are built with them). */
import type { PostStatus } from '~/config/posts';
import type { PostCheck, PostFields } from './posts';

export interface PostListItem {
  /** null for a post of the code (src/content/posts): it is edited there, not here. */
  id: string | null;
  title: string;
  path: string;
  status: PostStatus;
  /** Where a post of the code is edited. */
  source: string | null;
  publishedAt: number | null;
  updatedAt: number;
  publishAt: number | null;
  /** Page views of the post's address over the last 30 days (the site's own analytics). */
  views30: number;
}

export interface PostDetail extends PostFields {
  id: string;
  path: string;
  status: PostStatus;
  publishAt: number | null;
  publishedAt: number | null;
  modifiedAt: number | null;
  updatedAt: number;
  version: number;
}

export interface PostVersionItem {
  version: number;
  savedAt: number;
  title: string;
}

export interface PostAnswer {
  ok: true;
  post: PostDetail;
  versions: PostVersionItem[];
}

export interface PostConflictAnswer {
  ok: false;
  error: string;
  conflict: { current: PostDetail; changed: (keyof PostFields)[] };
}

export interface PostRenderAnswer {
  ok: true;
  html: string;
  checks: PostCheck[];
}

export interface CoverAnswer {
  ok: true;
  id: string;
  /** A middle size, for the editor's thumbnail. */
  preview: string;
}

export interface PostListAnswer {
  ok: true;
  posts: PostListItem[];
}
