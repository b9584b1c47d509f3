/**
 * A meta-tags result for an admin post opened from a Search opportunity: one step puts the title and description on
 * the post and publishes it (a published post's save is live at once; a draft is published). IndexNow follows, as for
 * any publication. The Search view then marks the day on the page's chart.
 */
import { useState } from 'react';
import { adminApi } from '~/config/admin';
import type { PostAnswer, PostConflictAnswer } from '~/lib/post-types';
import { post } from '../data/post';
import { Button } from '../ui/button';
import { Notice } from '../ui/notice';
import type { MetaTags } from './output';

export function ApplyToPost({ postId, page, meta }: { postId: string; page: string; meta: MetaTags }) {
  const [state, setState] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function apply() {
    setBusy(true);
    setState(null);
    try {
      const response = await fetch(adminApi.post(postId), { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      const current = (await response.json()) as PostAnswer | { ok: false; error?: string };
      if (!current.ok) throw new Error(current.error ?? 'The post could not be read.');
      const existing = current.post;
      const saved = await post<PostAnswer, PostConflictAnswer>(
        adminApi.post(postId),
        {
          title: meta.title,
          slug: existing.slug,
          description: meta.description,
          keywords: existing.keywords,
          body: existing.body,
          coverId: existing.coverId,
          coverAlt: existing.coverAlt ?? '',
          version: existing.version,
        },
        'PUT',
      );
      if (saved.status !== 200 || !saved.body.ok) throw new Error((saved.body.ok ? undefined : saved.body.error) ?? `The save was refused (${saved.status}).`);
      const after = saved.body;
      if (after.post.status !== 'published') {
        const published = await post<PostAnswer, PostConflictAnswer>(adminApi.postAction(postId, 'publish'), { version: after.post.version });
        if (published.status !== 200)
          throw new Error((published.body.ok ? undefined : published.body.error) ?? `Publishing was refused (${published.status}).`);
      }
      setState({ tone: 'success', text: `Applied to ${page} and published.` });
    } catch (error) {
      setState({ tone: 'error', text: error instanceof Error ? error.message : 'The post could not be changed.' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="grid gap-2" data-apply-to-post>
      <div>
        <Button onClick={() => void apply()} disabled={busy}>
          {busy ? 'Applying…' : 'Apply to the post and publish'}
        </Button>
      </div>
      {state && <Notice tone={state.tone}>{state.text}</Notice>}
    </div>
  );
}
