/** The posts endpoints' logic: reading bodies (posts are larger than a form), saving, the lifecycle, the list. */
import { z } from 'zod';
import { fieldErrors } from '~/lib/admin-forms';
import { coverWidths, postLimits, postMessages, postPaths, type PostStatus } from '~/config/posts';
import { paths } from '~/config/paths';
import type { CoverAnswer, PostAnswer, PostConflictAnswer, PostDetail, PostListItem, PostRenderAnswer } from '~/lib/post-types';
import { londonLocalToUtc, postChecks, postFieldsSchema, postSaveSchema, publishProblems, splitKeywords, type PostFields } from '~/lib/posts';
import { jsonAnswer } from '../../api/caller';
import { BodyError, fromWebRequest, readLimited } from '../../api/request-body';
import type { Db } from '../../db';
import { addDays, dayOf } from '../analytics/days';
import { storeCover } from './covers';
import type { PostsService } from './service';
import {
  createPost,
  deleteDraft,
  getPost,
  listPosts,
  pageViewsByPath,
  postVersions,
  publishPost,
  restoreVersion,
  savePost,
  unpublishPost,
  type PostRecord,
  type SaveResult,
} from './store';

/** A post's JSON is at most its body's limit and the other fields. */
const maxPostBytes = postLimits.bodyMax * 4 + 16 * 1024;

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

async function readJson(request: Request): Promise<{ data: Record<string, unknown> } | { answer: Response }> {
  try {
    const text = await readLimited(fromWebRequest(request), maxPostBytes);
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || /"(__proto__|constructor|prototype)"\s*:/.test(text)) {
      return { answer: jsonAnswer(400, { ok: false, error: 'The request is not valid.' }) };
    }
    return { data: parsed as Record<string, unknown> };
  } catch (error) {
    if (error instanceof BodyError) return { answer: jsonAnswer(error.status, { ok: false, error: error.message }) };
    return { answer: jsonAnswer(400, { ok: false, error: 'The request body is not valid JSON.' }) };
  }
}

/** Keywords may come as a list or as the editor's comma-separated text. */
const normalise = (data: Record<string, unknown>) => ({
  ...data,
  keywords: typeof data.keywords === 'string' ? splitKeywords(data.keywords) : data.keywords,
  coverId: data.coverId === '' || data.coverId === undefined ? null : data.coverId,
  coverAlt: data.coverAlt ?? '',
  description: data.description ?? '',
  body: data.body ?? '',
});

export function toDetail(post: PostRecord): PostDetail {
  const { createdAt: _created, ...rest } = post;
  return { ...rest, path: paths.post(post.slug) };
}

async function answerWith(db: Db, post: PostRecord, status = 200): Promise<Response> {
  const versions = (await postVersions(db, post.id)).map((v) => ({ version: v.version, savedAt: v.savedAt, title: v.fields.title }));
  return jsonAnswer(status, { ok: true, post: toDetail(post), versions } satisfies PostAnswer);
}

function saveFailure(result: Exclude<SaveResult, { ok: true }>): Response {
  if (result.reason === 'not-found') return jsonAnswer(404, { ok: false, error: postMessages.notFound });
  if (result.reason === 'slug-taken') return jsonAnswer(409, { ok: false, errors: { slug: postMessages.slugTaken } });
  return jsonAnswer(409, {
    ok: false,
    error: postMessages.conflict,
    conflict: { current: toDetail(result.current), changed: result.changed },
  } satisfies PostConflictAnswer);
}

export async function createFromRequest(deps: PostsEndpointDeps, request: Request): Promise<Response> {
  const read = await readJson(request);
  if ('answer' in read) return read.answer;
  const parsed = postFieldsSchema.safeParse(normalise(read.data));
  if (!parsed.success) return jsonAnswer(400, { ok: false, errors: fieldErrors(parsed.error) });
  const result = await createPost(deps.db, parsed.data, deps.builtSlugs);
  return result.ok ? answerWith(deps.db, result.post, 201) : saveFailure(result);
}

export async function saveFromRequest(deps: PostsEndpointDeps, id: string, request: Request): Promise<Response> {
  const read = await readJson(request);
  if ('answer' in read) return read.answer;
  const parsed = postSaveSchema.safeParse(normalise(read.data));
  if (!parsed.success) return jsonAnswer(400, { ok: false, errors: fieldErrors(parsed.error) });
  const { version, ...fields } = parsed.data;
  const before = await getPost(deps.db, id);
  const result = await savePost(deps.db, id, version, fields, deps.builtSlugs);
  if (!result.ok) return saveFailure(result);
  if (result.post.status === 'published' && result.post.version !== version) {
    await deps.posts.refresh();
    deps.posts.changed(result.post, before?.slug);
  }
  return answerWith(deps.db, result.post);
}

export async function readPost(db: Db, id: string): Promise<Response> {
  const post = await getPost(db, id);
  return post ? answerWith(db, post) : jsonAnswer(404, { ok: false, error: postMessages.notFound });
}

export async function deleteFromRequest(db: Db, id: string): Promise<Response> {
  const result = await deleteDraft(db, id);
  if (result === 'not-found') return jsonAnswer(404, { ok: false, error: postMessages.notFound });
  if (result === 'not-draft') return jsonAnswer(409, { ok: false, error: postMessages.deleteOnlyDraft });
  return jsonAnswer(200, { ok: true });
}

const publishSchema = z.object({ at: z.string().optional(), version: z.coerce.number().int() });
const restoreSchema = z.object({ restore: z.coerce.number().int(), version: z.coerce.number().int() });

export async function actionFromRequest(deps: PostsEndpointDeps, id: string, action: string, request: Request, now = Date.now()): Promise<Response> {
  const read = await readJson(request);
  if ('answer' in read) return read.answer;
  const post = await getPost(deps.db, id);
  if (!post) return jsonAnswer(404, { ok: false, error: postMessages.notFound });
  if (action === 'restore') {
    const parsed = restoreSchema.safeParse(read.data);
    if (!parsed.success) return jsonAnswer(400, { ok: false, error: postMessages.noVersion });
    const result = await restoreVersion(deps.db, id, parsed.data.restore, parsed.data.version, deps.builtSlugs);
    if (!result) return jsonAnswer(404, { ok: false, error: postMessages.noVersion });
    if (!result.ok) return saveFailure(result);
    if (result.post.status === 'published') {
      await deps.posts.refresh();
      deps.posts.changed(result.post, post.slug);
    }
    return answerWith(deps.db, result.post);
  }
  const parsed = publishSchema.safeParse(read.data);
  if (!parsed.success) return jsonAnswer(400, { ok: false, error: 'The request is not valid.' });
  if (parsed.data.version !== post.version) {
    return jsonAnswer(409, { ok: false, error: postMessages.conflict, conflict: { current: toDetail(post), changed: [] } } satisfies PostConflictAnswer);
  }
  if (action === 'unpublish') {
    if (post.status !== 'published' && post.status !== 'scheduled') return jsonAnswer(409, { ok: false, error: postMessages.notPublished });
    const updated = (await unpublishPost(deps.db, id, now))!;
    await deps.posts.refresh();
    if (post.status === 'published') deps.posts.changed(updated);
    return answerWith(deps.db, updated);
  }
  // Publish, now or at a UK time.
  const problems = publishProblems(post);
  if (Object.keys(problems).length > 0) return jsonAnswer(400, { ok: false, errors: problems });
  let at: number | null = null;
  if (parsed.data.at) {
    at = londonLocalToUtc(parsed.data.at);
    if (at === null) return jsonAnswer(400, { ok: false, errors: { at: postMessages.scheduleInvalid } });
    if (at <= now) return jsonAnswer(400, { ok: false, errors: { at: postMessages.scheduleInPast } });
  }
  const updated = (await publishPost(deps.db, id, at, now))!;
  if (updated.status === 'published') {
    await deps.posts.refresh();
    deps.posts.changed(updated);
  }
  return answerWith(deps.db, updated);
}

/** The editor's preview and checks: the body as the public page shows it, and the site checker's rules. */
export async function renderFromRequest(posts: PostsService, request: Request, knownPaths: ReadonlySet<string>): Promise<Response> {
  const read = await readJson(request);
  if ('answer' in read) return read.answer;
  const fields = normalise(read.data) as Partial<PostFields>;
  const input = {
    title: String(fields.title ?? ''),
    description: String(fields.description ?? ''),
    body: String(fields.body ?? '').slice(0, postLimits.bodyMax),
    coverId: typeof fields.coverId === 'string' ? fields.coverId : null,
    coverAlt: String(fields.coverAlt ?? ''),
  };
  return jsonAnswer(200, { ok: true, html: posts.render(input.body), checks: postChecks(input, knownPaths) } satisfies PostRenderAnswer);
}

export async function coverFromRequest(db: Db, request: Request): Promise<Response> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!['image/jpeg', 'image/png', 'image/webp'].includes(type)) return jsonAnswer(415, { ok: false, error: postMessages.coverNotImage });
  if (Number(request.headers.get('content-length')) > postLimits.coverMaxBytes) return jsonAnswer(413, { ok: false, error: postMessages.coverTooLarge });
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of (request.body ?? []) as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > postLimits.coverMaxBytes) return jsonAnswer(413, { ok: false, error: postMessages.coverTooLarge });
    chunks.push(chunk);
  }
  const result = await storeCover(db, Buffer.concat(chunks));
  if (!result.ok) return jsonAnswer(400, { ok: false, error: result.error });
  return jsonAnswer(201, {
    ok: true,
    id: result.id,
    preview: postPaths.cover(result.id, Math.min(coverWidths[1], result.width), 'webp'),
  } satisfies CoverAnswer);
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
