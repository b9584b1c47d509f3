/** The cover image: chosen with a button (the file input stays hidden), its preview, then its alt text. */
import { useEffect, useRef } from 'react';
import { coverTypes } from '~/config/posts';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import type { PostEditorState } from './use-post-editor';

export function CoverField({ editor, altProblem }: { editor: PostEditorState; altProblem: string | undefined }) {
  const { draft, errors, busy, altTouched, coverChosen, update, upload, setAltTouched } = editor;
  const coverInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  // After each cover chosen here, the alt text (what the cover needs next) takes the focus once shown.
  useEffect(() => {
    if (coverChosen > 0) altInput.current?.focus();
  }, [coverChosen]);
  return (
    <div className="grid gap-2" role="group" aria-labelledby="cover-label" aria-describedby="cover-hint">
      <span className="font-medium text-ink" id="cover-label">
        Cover image
      </span>
      <p className="text-sm text-muted" id="cover-hint">
        JPEG, PNG or WebP up to 10 MB; made into AVIF and WebP at several sizes.
      </p>
      {/* The browser's own file input says "No file chosen" even after a choice (the value is cleared so the
          same file can be chosen again): it stays hidden, opened by the button, and the choice is shown here. */}
      <input
        ref={coverInput}
        id="cover-upload"
        type="file"
        hidden
        accept={coverTypes.join(',')}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void upload(file);
          e.target.value = '';
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        {draft.coverPreview && <img src={draft.coverPreview} alt="" className="h-20 w-auto rounded border border-slate-200" />}
        <div className="grid min-w-0 gap-2">
          {draft.coverPreview ? (
            draft.coverName && <p className="text-sm break-all text-ink">{draft.coverName}</p>
          ) : (
            <p className="text-sm text-muted">No cover image yet.</p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={busy}
              aria-describedby={errors.coverId ? 'cover-hint cover-error' : 'cover-hint'}
              onClick={() => coverInput.current?.click()}
            >
              {draft.coverPreview ? 'Change image' : 'Choose image'}
            </Button>
            {draft.coverPreview && (
              <Button size="sm" variant="secondary" onClick={() => update({ coverId: null, coverPreview: null, coverName: null, coverAlt: '' })}>
                Remove cover
              </Button>
            )}
          </div>
        </div>
      </div>
      {errors.coverId && (
        <p id="cover-error" className="text-sm font-medium text-red-800">
          {errors.coverId}
        </p>
      )}
      {draft.coverId && (
        <Field
          ref={altInput}
          label="Alt text"
          name="coverAlt"
          value={draft.coverAlt}
          onChange={(e) => update({ coverAlt: e.target.value })}
          onBlur={() => setAltTouched(true)}
          error={errors.coverAlt ?? (altTouched ? altProblem : undefined)}
          hint="What the image shows, for people who cannot see it."
          required
        />
      )}
    </div>
  );
}
