/** Publishing a post not live: what still blocks it, an optional UK time, and Publish (or Schedule). */
import type { Ref } from 'react';
import { formatLondon, utcToLondonLocal } from '~/lib/posts';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import type { PostEditorState } from './use-post-editor';

export function PublishCard({
  editor,
  blocking,
  now,
  publishButton,
}: {
  editor: PostEditorState;
  blocking: Record<string, string>;
  now: number;
  publishButton: Ref<HTMLButtonElement>;
}) {
  const { post, errors, busy, publishAt, setPublishAt, status, act } = editor;
  return (
    <Card title="Publish">
      <div className="grid gap-3">
        {Object.values(blocking).length > 0 && (
          <ul className="list-disc pl-5 text-sm text-red-800">
            {Object.values(blocking).map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <Field
          label="Publish at (UK time, optional)"
          name="at"
          type="datetime-local"
          value={publishAt}
          min={utcToLondonLocal(now)}
          onChange={(e) => setPublishAt(e.target.value)}
          error={errors.at}
          hint="Leave empty to publish now."
        />
        <div>
          <Button ref={publishButton} onClick={() => void act('publish', publishAt ? { at: publishAt } : {})} disabled={busy}>
            {publishAt ? 'Schedule' : 'Publish'}
          </Button>
        </div>
        {status === 'scheduled' && post?.publishAt && <p className="text-sm text-muted">Goes live {formatLondon(post.publishAt)} (UK time).</p>}
      </div>
    </Card>
  );
}
