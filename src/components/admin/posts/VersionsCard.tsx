/** The post's earlier versions, each restorable (not while there are unsaved changes). */
import { formatLondon } from '~/lib/posts';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import type { PostEditorState } from './use-post-editor';

export function VersionsCard({ editor }: { editor: PostEditorState }) {
  const { versions, busy, dirty, act } = editor;
  return (
    <Card title="Earlier versions">
      <ul className="grid gap-2 text-sm">
        {versions.map((v) => (
          <li key={v.version} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {formatLondon(v.savedAt)}: “{v.title}”
            </span>
            <Button size="sm" variant="secondary" disabled={busy || dirty} onClick={() => void act('restore', { restore: v.version })}>
              Restore
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
