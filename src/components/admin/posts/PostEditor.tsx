/**
 * The post editor: the fields, a live preview in the site's styles and the site checker's rules as the owner types,
 * and the lifecycle (save, preview, publish now or at a UK time, unpublish, delete a draft, restore an earlier
 * version). A draft saves itself a few seconds after typing stops, except a post from AI tools that was never saved:
 * that is kept only when the owner saves it. Leaving with unsaved changes asks first. A save from a stale copy (another
 * tab saved since) is refused, and what was typed stays on screen with what changed. Unpublishing a live post asks first.
 *
 * The state and its changes are `usePostEditor` (./use-post-editor.ts); each card is a file of its own.
 */
import { useEffect, useMemo, useRef } from 'react';
import { postChecks, publishProblems } from '~/lib/posts';
import { AdminQueryProvider } from '../data/queries';
import { EditCard } from './EditCard';
import { LiveCard } from './LiveCard';
import { PreviewCard } from './PreviewCard';
import { PublishCard } from './PublishCard';
import { SeoChecksCard } from './SeoChecksCard';
import { UnpublishDialog } from './UnpublishDialog';
import { type EditorProps, usePostEditor } from './use-post-editor';
import { VersionsCard } from './VersionsCard';

function Editor({ initial, initialVersions, knownPaths, now }: EditorProps) {
  const editor = usePostEditor({ initial, initialVersions });
  const { post, fields, versions, live, act } = editor;
  const unpublishButton = useRef<HTMLButtonElement>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const focusPublish = useRef(false);
  const unpublishDialog = useRef<HTMLDialogElement>(null);
  const known = useMemo(() => new Set(knownPaths), [knownPaths]);

  // The checks run in the browser at once; the server's answer (the same rules) confirms them with the preview.
  const checks = postChecks(fields, known);
  const blocking = publishProblems(fields);

  // Unpublish goes with the live page: once it has gone, focus moves to Publish, which puts the post back.
  useEffect(() => {
    if (!focusPublish.current || live) return;
    focusPublish.current = false;
    publishButton.current?.focus();
  }, [live]);

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-ink">{post ? post.title || 'Untitled post' : 'New post'}</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <EditCard
            editor={editor}
            altProblem={blocking.coverAlt}
            unpublishButton={unpublishButton}
            // A live page is taken down only once the owner confirms; a scheduled one is not live yet.
            onUnpublish={() => {
              if (live) unpublishDialog.current?.showModal();
              else void act('unpublish');
            }}
          />
          {!live && <PublishCard editor={editor} blocking={blocking} now={now} publishButton={publishButton} />}
          {live && post && <LiveCard post={post} />}
          {post && versions.length > 0 && <VersionsCard editor={editor} />}
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <SeoChecksCard checks={checks} />
          <PreviewCard fields={fields} />
        </div>
      </div>
      <UnpublishDialog
        dialog={unpublishDialog}
        // Back to the button that opened it (Cancel, Escape or confirm; after confirming, Publish takes it once shown).
        onClose={() => unpublishButton.current?.focus()}
        onCancel={() => unpublishDialog.current?.close()}
        onConfirm={() => {
          unpublishDialog.current?.close();
          focusPublish.current = true;
          void act('unpublish').then((done) => {
            if (!done) focusPublish.current = false;
          });
        }}
      />
    </>
  );
}

/** Rendered in the browser only (client:only): it starts from what the AI tab may have left in this tab's storage. */
export function PostEditor(props: EditorProps) {
  return (
    <AdminQueryProvider>
      <Editor {...props} />
    </AdminQueryProvider>
  );
}
