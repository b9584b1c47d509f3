/** The post's fields, its status and save state, and the buttons of its lifecycle (save, preview, unpublish, delete). */
import type { Ref } from 'react';
import { paths } from '~/config/paths';
import { snippetLimits } from '~/config/search-snippet.mjs';
import { postLimits, postPaths, postStatusLabels } from '~/config/posts';
import { formatLondon } from '~/lib/posts';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { Notice } from '../ui/notice';
import { TextAreaField } from '../ui/text-area-field';
import { ConflictNotice } from './ConflictNotice';
import { CoverField } from './CoverField';
import type { PostEditorState } from './use-post-editor';

export function EditCard({
  editor,
  altProblem,
  unpublishButton,
  onUnpublish,
}: {
  editor: PostEditorState;
  altProblem: string | undefined;
  unpublishButton: Ref<HTMLButtonElement>;
  /** A live page asks first (a dialog); a scheduled one is not live yet. */
  onUnpublish: () => void;
}) {
  const { post, draft, dirty, errors, notice, conflict, busy, autosaved, status, live, update, save, remove } = editor;
  const canDelete = post !== null && status === 'draft' && post.publishedAt === null;
  return (
    <Card
      title={post ? 'Edit post' : 'New post'}
      actions={
        <span className="flex items-center gap-2 text-sm text-muted">
          <Badge variant={live ? 'good' : status === 'scheduled' ? 'info' : status === 'unpublished' ? 'warn' : 'neutral'}>{postStatusLabels[status]}</Badge>
          {dirty ? 'Unsaved changes' : autosaved ? `Saved automatically at ${formatLondon(autosaved).split(', ')[1]}` : post ? 'All changes saved' : ''}
        </span>
      }
    >
      <div className="grid grid-cols-1 gap-4">
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        {conflict && (
          <ConflictNotice conflict={conflict} onLoadSaved={() => editor.loadSaved(conflict.current)} onKeepMine={() => editor.keepMine(conflict.current)} />
        )}
        <Field
          label="Title"
          name="title"
          value={draft.title}
          onChange={(e) => update({ title: e.target.value })}
          error={errors.title}
          maxLength={postLimits.titleMax}
          required
        />
        <Field
          label="Slug"
          name="slug"
          value={draft.slug}
          onChange={(e) => update({ slug: e.target.value, slugEdited: true })}
          error={errors.slug}
          hint={`The post’s address: ${paths.post(draft.slug || '…')}`}
          maxLength={postLimits.slugMax}
          required
        />
        <TextAreaField
          label="Description"
          name="description"
          rows={3}
          value={draft.description}
          onChange={(e) => update({ description: e.target.value })}
          error={errors.description}
          hint={`${draft.description.trim().length} characters (${snippetLimits.descriptionMin}–${snippetLimits.descriptionMax} reads best in results).`}
        />
        <Field
          label="Keywords"
          name="keywords"
          value={draft.keywords}
          onChange={(e) => update({ keywords: e.target.value })}
          error={errors.keywords}
          hint="Separated by commas."
        />
        <CoverField editor={editor} altProblem={altProblem} />
        <TextAreaField
          label="Body (Markdown)"
          name="body"
          rows={18}
          value={draft.body}
          onChange={(e) => update({ body: e.target.value })}
          error={errors.body}
          hint="Start sections with ## (the title is the page’s only h1)."
        />
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void save()} disabled={busy} variant={live ? 'primary' : 'secondary'}>
            {live ? 'Save changes' : 'Save draft'}
          </Button>
          {post ? (
            <a
              href={postPaths.preview(post.id)}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-ink hover:bg-slate-50"
            >
              Preview
            </a>
          ) : (
            <Button variant="secondary" disabled>
              Preview
            </Button>
          )}
          {live || status === 'scheduled' ? (
            <Button ref={unpublishButton} variant="secondary" onClick={onUnpublish} disabled={busy} aria-haspopup={live ? 'dialog' : undefined}>
              Unpublish
            </Button>
          ) : null}
          {canDelete && (
            <Button variant="danger" onClick={() => void remove()} disabled={busy}>
              Delete
            </Button>
          )}
        </div>
        {post && dirty && <p className="text-sm text-muted">Preview shows the last saved version: save first to see your changes there.</p>}
      </div>
    </Card>
  );
}
