/**
 * A meta-tags result for an admin post opened from a Search opportunity: one step puts the title and description on
 * the post and publishes it (a published post's save is live at once; a draft is published). IndexNow follows, as for
 * any publication. The Search view then marks the day on the page's chart.
 */
import { useState } from 'react';
import { postPaths } from '~/config/posts';
import type { PostAnswer } from '~/lib/post-types';
import { postJson } from '../data/post-json';
import { Button, Notice } from '../ui/primitives';
import type { MetaTags } from './output';

export function ApplyToPost({ postId, page, meta }: { postId: string; page: string; meta: MetaTags }) {
  const [state, setState] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  async function apply() {
    setBusy(true);
    setState(null);
    try {
      const response = await fetch(postPaths.apiPost(postId), { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      const current = (await response.json()) as PostAnswer | { ok: false; error?: string };
      if (!current.ok) throw new Error(current.error ?? 'The post could not be read.');
      const { post } = current;
      const saved = await postJson(
        postPaths.apiPost(postId),
        {
          title: meta.title,
          slug: post.slug,
          description: meta.description,
          keywords: post.keywords,
          body: post.body,
          coverId: post.coverId,
          coverAlt: post.coverAlt ?? '',
          version: post.version,
        },
        'PUT',
      );
      if (saved.status !== 200) throw new Error(String(saved.body.error ?? `The save was refused (${saved.status}).`));
      const after = saved.body as unknown as PostAnswer;
      if (after.post.status !== 'published') {
        const published = await postJson(postPaths.apiAction(postId, 'publish'), { version: after.post.version });
        if (published.status !== 200) throw new Error(String(published.body.error ?? `Publishing was refused (${published.status}).`));
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
