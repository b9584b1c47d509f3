/** The posts endpoints' logic: reading bodies (posts are larger than a form), saving, the lifecycle, the list. */
import { z } from 'zod';
import { coverWidths, postActions, type PostAction, postLimits, postMessages, postPaths, type PostStatus } from '~/config/posts';
import { paths } from '~/config/paths';
import type { CoverAnswer, PostAnswer, PostConflictAnswer, PostDetail, PostListItem, PostRenderAnswer } from '~/lib/post-types';
import { londonLocalToUtc, postChecks, postFieldsSchema, postSaveSchema, publishProblems, splitKeywords, type PostFields } from '~/lib/posts';
import { HttpError, invalidFields } from '../../api/http-error';
import type { Db } from '../../db';
import { addDays, dayOf } from '~/lib/days.mjs';
import { pageViewsByPath } from '../analytics';
import { storeCover } from './covers';
import type { PostsService } from './service';
import {
  createPost,
  deleteDraft,
  getPost,
  listPosts,
  postVersions,
  publishPost,
  restoreVersion,
  savePost,
  unpublishPost,
  type PostRecord,
  type SaveResult,
} from './store';

/** A post's JSON is at most its body's limit and the other fields. */
export const maxPostBytes = postLimits.bodyMax * 4 + 16 * 1024;

export interface PostsEndpointDeps {
  db: Db;
  posts: PostsService;
  /** Slugs of the build's posts: an admin post may not take one. */
  builtSlugs: ReadonlySet<string>;
}

/** Built posts as the list shows them. */
export interface BuiltPost {
  id: string;
  title: string;
  published: Date;
  updated: Date;
}

/** Keywords may come as a list or as the editor's comma-separated text. */
const normalise = (data: Record<string, unknown>): Record<string, unknown> => ({
  ...data,
  keywords: typeof data.keywords === 'string' ? splitKeywords(data.keywords) : data.keywords,
  coverId: data.coverId === '' || data.coverId === undefined ? null : data.coverId,
  coverAlt: data.coverAlt ?? '',
  description: data.description ?? '',
  body: data.body ?? '',
});

const anyFields = z.record(z.string(), z.unknown());
/** The bodies the posts routes read (JSON, up to `maxPostBytes`). */
export const postCreateBody = anyFields.transform(normalise).pipe(postFieldsSchema);
export const postSaveBody = anyFields.transform(normalise).pipe(postSaveSchema);
export const postActionBody = anyFields;
export const postRenderBody = anyFields.transform(normalise);

export function toDetail(post: PostRecord): PostDetail {
  const { createdAt: _created, ...rest } = post;
  return { ...rest, path: paths.post(post.slug) };
}

async function answerWith(db: Db, post: PostRecord): Promise<PostAnswer> {
  const versions = (await postVersions(db, post.id)).map((v) => ({ version: v.version, savedAt: v.savedAt, title: v.fields.title }));
  return { ok: true, post: toDetail(post), versions };
}

const notFound = () => new HttpError(404, postMessages.notFound);
const conflict = (current: PostRecord, changed: PostConflictAnswer['conflict']['changed']) =>
  new HttpError(409, postMessages.conflict, { extra: { conflict: { current: toDetail(current), changed } } });

function saveFailure(result: Exclude<SaveResult, { ok: true }>): HttpError {
  if (result.reason === 'not-found') return notFound();
  if (result.reason === 'slug-taken') return new HttpError(409, null, { errors: { slug: postMessages.slugTaken } });
  return conflict(result.current, result.changed);
}

export async function createPostFrom(deps: PostsEndpointDeps, fields: z.infer<typeof postCreateBody>): Promise<PostAnswer> {
  const result = await createPost(deps.db, fields, deps.builtSlugs);
  if (!result.ok) throw saveFailure(result);
  return answerWith(deps.db, result.post);
}

export async function savePostFrom(deps: PostsEndpointDeps, id: string, input: z.infer<typeof postSaveBody>): Promise<PostAnswer> {
  const { version, ...fields } = input;
  const before = await getPost(deps.db, id);
  const result = await savePost(deps.db, id, version, fields, deps.builtSlugs);
  if (!result.ok) throw saveFailure(result);
  if (result.post.status === 'published' && result.post.version !== version) {
    await deps.posts.refresh();
    deps.posts.changed(result.post, before?.slug);
  }
  return answerWith(deps.db, result.post);
}

export async function readPost(db: Db, id: string): Promise<PostAnswer> {
  const post = await getPost(db, id);
  if (!post) throw notFound();
  return answerWith(db, post);
}

export async function deletePostDraft(db: Db, id: string): Promise<void> {
  const result = await deleteDraft(db, id);
  if (result === 'not-found') throw notFound();
  if (result === 'not-draft') throw new HttpError(409, postMessages.deleteOnlyDraft);
}

const publishSchema = z.object({ at: z.string().optional(), version: z.coerce.number().int() });
const restoreSchema = z.object({ restore: z.coerce.number().int(), version: z.coerce.number().int() });

/** publish (now or at a UK time), unpublish, restore (an earlier version); an unknown action is a 404. */
export async function postAction(deps: PostsEndpointDeps, id: string, action: string, input: Record<string, unknown>, now = Date.now()): Promise<PostAnswer> {
  if (!postActions.includes(action as PostAction)) throw new HttpError(404, 'There is no such action.');
  const post = await getPost(deps.db, id);
  if (!post) throw notFound();
  if (action === 'restore') {
    const parsed = restoreSchema.safeParse(input);
    if (!parsed.success) throw new HttpError(400, postMessages.noVersion);
    const result = await restoreVersion(deps.db, id, parsed.data.restore, parsed.data.version, deps.builtSlugs);
    if (!result) throw new HttpError(404, postMessages.noVersion);
    if (!result.ok) throw saveFailure(result);
    if (result.post.status === 'published') {
      await deps.posts.refresh();
      deps.posts.changed(result.post, post.slug);
    }
    return answerWith(deps.db, result.post);
  }
  const parsed = publishSchema.safeParse(input);
  if (!parsed.success) throw new HttpError(400, 'The request is not valid.');
  if (parsed.data.version !== post.version) throw conflict(post, []);
  if (action === 'unpublish') {
    if (post.status !== 'published' && post.status !== 'scheduled') throw new HttpError(409, postMessages.notPublished);
    const updated = (await unpublishPost(deps.db, id, now))!;
    await deps.posts.refresh();
    if (post.status === 'published') deps.posts.changed(updated);
    return answerWith(deps.db, updated);
  }
  // Publish, now or at a UK time.
  const problems = publishProblems(post);
  if (Object.keys(problems).length > 0) throw invalidFields(problems);
  let at: number | null = null;
  if (parsed.data.at) {
    at = londonLocalToUtc(parsed.data.at);
    if (at === null) throw invalidFields({ at: postMessages.scheduleInvalid });
    if (at <= now) throw invalidFields({ at: postMessages.scheduleInPast });
  }
  const updated = (await publishPost(deps.db, id, at, now))!;
  if (updated.status === 'published') {
    await deps.posts.refresh();
    deps.posts.changed(updated);
  }
  return answerWith(deps.db, updated);
}

/** The editor's preview and checks: the body as the public page shows it, and the site checker's rules. */
export function renderPreview(posts: PostsService, read: Record<string, unknown>, knownPaths: ReadonlySet<string>): PostRenderAnswer {
  const fields = read as Partial<PostFields>;
  const input = {
    title: String(fields.title ?? ''),
    description: String(fields.description ?? ''),
    body: String(fields.body ?? '').slice(0, postLimits.bodyMax),
    coverId: typeof fields.coverId === 'string' ? fields.coverId : null,
    coverAlt: String(fields.coverAlt ?? ''),
  };
  return { ok: true, html: posts.render(input.body), checks: postChecks(input, knownPaths) };
}

/**
 * A cover upload: the image itself is the body (not a form), so it is read here, streamed and capped, rather than by
 * the route kit's body reader.
 */
export async function storeCoverFrom(db: Db, request: Request): Promise<CoverAnswer> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!['image/jpeg', 'image/png', 'image/webp'].includes(type)) throw new HttpError(415, postMessages.coverNotImage);
  const tooLarge = new HttpError(413, postMessages.coverTooLarge);
  if (Number(request.headers.get('content-length')) > postLimits.coverMaxBytes) throw tooLarge;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (request.body ?? []) as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > postLimits.coverMaxBytes) throw tooLarge;
    chunks.push(chunk);
  }
  const result = await storeCover(db, Buffer.concat(chunks));
  if (!result.ok) throw new HttpError(400, result.error);
  return { ok: true, id: result.id, preview: postPaths.cover(result.id, Math.min(coverWidths[1], result.width), 'webp') };
}

/** Every post, the code's and the admin's, with its status and last 30 days' views. */
export async function postList(db: Db, built: BuiltPost[], now = Date.now()): Promise<PostListItem[]> {
  const today = dayOf(now);
  const views = await pageViewsByPath(db, addDays(today, -29));
  const admin = (await listPosts(db)).map((post): PostListItem => ({
    id: post.id,
    title: post.title,
    path: paths.post(post.slug),
    status: post.status,
    source: null,
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
    publishAt: post.publishAt,
    views30: views.get(paths.post(post.slug)) ?? 0,
  }));
  const code = built.map((post): PostListItem => ({
    id: null,
    title: post.title,
    path: paths.post(post.id),
    status: 'published' satisfies PostStatus,
    source: `src/content/posts/${post.id}.md`,
    publishedAt: post.published.getTime(),
    updatedAt: post.updated.getTime(),
    publishAt: null,
    views30: views.get(paths.post(post.id)) ?? 0,
  }));
  return [...admin, ...code];
}
