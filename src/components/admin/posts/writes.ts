/** The editor's writes: save, the lifecycle actions, delete, and a cover's upload (its bytes as the body). */
import { adminApi } from '~/config/admin';
import type { PostAction } from '~/config/posts';
import type { CoverAnswer, PostAnswer, PostConflictAnswer, PostDetail } from '~/lib/post-types';
import type { PostFields } from '~/lib/posts';
import { answeredMessage, post, unreachableMessage } from '../data/post';

/** A new post is created; a saved one is replaced, from the version it was opened at (a stale one answers 409). */
export const savePost = (saved: PostDetail | null, fields: PostFields) =>
  saved
    ? post<PostAnswer, PostConflictAnswer>(adminApi.post(saved.id), { ...fields, version: saved.version }, 'PUT')
    : post<PostAnswer, PostConflictAnswer>(adminApi.posts, fields);

export const runAction = (saved: PostDetail, action: PostAction, extra: Record<string, unknown>) =>
  post<PostAnswer, PostConflictAnswer>(adminApi.postAction(saved.id, action), { version: saved.version, ...extra });

export const deletePost = (id: string) => post(adminApi.post(id), {}, 'DELETE');

/** The cover's id and preview, or why it was refused. */
export async function uploadCover(file: File): Promise<{ ok: true; id: string; preview: string | null } | { ok: false; error: string }> {
  try {
    const response = await fetch(adminApi.postCover, {
      method: 'POST',
      headers: { 'Content-Type': file.type, Accept: 'application/json' },
      body: file,
      credentials: 'same-origin',
    });
    const body = (await response.json().catch(() => ({}))) as Partial<CoverAnswer> & { error?: string };
    if (response.status === 201 && body.id) return { ok: true, id: body.id, preview: body.preview ?? null };
    return { ok: false, error: body.error ?? answeredMessage(response.status) };
  } catch {
    return { ok: false, error: unreachableMessage };
  }
}
