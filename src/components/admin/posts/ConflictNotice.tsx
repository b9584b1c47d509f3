/** A save refused because another tab saved first: what changed there, and the two ways on. */
import { formatLondon } from '~/lib/posts';
import { Button } from '../ui/button';
import { fieldLabels } from './draft';
import type { PostEditorState } from './use-post-editor';

export function ConflictNotice({
  conflict,
  onLoadSaved,
  onKeepMine,
}: {
  conflict: NonNullable<PostEditorState['conflict']>;
  onLoadSaved: () => void;
  onKeepMine: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">
        Changed in the other tab: {conflict.changed.length ? conflict.changed.map((f) => fieldLabels[f]).join(', ') : 'its status'} (saved{' '}
        {formatLondon(conflict.current.updatedAt)}).
      </p>
      <p className="mt-1">Copy what you need from here, then load the saved version, or keep yours and save it over the other.</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={onLoadSaved}>
          Load the saved version
        </Button>
        <Button size="sm" variant="secondary" onClick={onKeepMine}>
          Keep mine
        </Button>
      </div>
    </div>
  );
}
