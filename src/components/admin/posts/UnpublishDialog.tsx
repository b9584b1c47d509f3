/** Asked before a live post is taken down (its address then answers 410 Gone); keeping it up is first. */
import { type Ref, useId } from 'react';
import { postMessages } from '~/config/posts';
import { Button } from '../ui/button';

export function UnpublishDialog({
  dialog,
  onCancel,
  onConfirm,
  onClose,
}: {
  dialog: Ref<HTMLDialogElement>;
  onCancel: () => void;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="m-auto w-[min(38rem,calc(100vw-2rem))] rounded-xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
      onClose={onClose}
    >
      <h2 id={titleId} className="text-lg font-semibold text-ink">
        {postMessages.unpublishConfirm.title}
      </h2>
      <p id={bodyId} className="mt-2 text-sm text-slate-700">
        {postMessages.unpublishConfirm.body}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        {/* First, so Enter or a quick tap keeps the page up; Escape cancels too. */}
        <Button variant="secondary" onClick={onCancel}>
          {postMessages.unpublishConfirm.cancel}
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {postMessages.unpublishConfirm.confirm}
        </Button>
      </div>
    </dialog>
  );
}
