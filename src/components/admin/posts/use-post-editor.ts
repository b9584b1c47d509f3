/**
 * The post editor's state and what changes it: the saved post and its versions, the working draft, field messages,
 * the notice, a conflict with another tab, and the lifecycle (save, autosave, publish/unpublish/restore, delete, cover
 * upload). The cards (./*Card.tsx) only show it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { coverTypes, type PostAction, postLimits, postMessages, postPaths } from '~/config/posts';
import type { PostAnswer, PostConflictAnswer, PostDetail, PostVersionItem } from '~/lib/post-types';
import { formatLondon, postFieldsSchema, slugify } from '~/lib/posts';
import { fieldErrors } from '~/lib/admin-forms';
import { answeredMessage } from '../data/post';
import { type Draft, emptyDraft, fromPost, takeAiDraft, toFields } from './draft';
import { useDebounced } from './use-debounced';
import { deletePost, runAction, savePost, uploadCover } from './writes';

export type EditorProps = { initial: PostDetail | null; initialVersions: PostVersionItem[]; knownPaths: string[]; now: number };

export type EditorNotice = { tone: 'info' | 'error' | 'success'; text: string };

export function usePostEditor({ initial, initialVersions }: Pick<EditorProps, 'initial' | 'initialVersions'>) {
  const [post, setPost] = useState<PostDetail | null>(initial);
  const [versions, setVersions] = useState(initialVersions);
  // A new post may start from a Blog Post of AI tools ("Use as draft"): read once, then forgotten.
  const [fromAi] = useState(() => (initial ? null : takeAiDraft()));
  const [draft, setDraft] = useState<Draft>(() => (initial ? fromPost(initial) : (fromAi ?? emptyDraft)));
  const [saved, setSaved] = useState<string>(JSON.stringify(initial ? toFields(fromPost(initial)) : toFields(emptyDraft)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<EditorNotice | null>(fromAi ? { tone: 'info', text: postMessages.fromAi } : null);
  const [conflict, setConflict] = useState<PostConflictAnswer['conflict'] | null>(null);
  const [busy, setBusy] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const [autosaved, setAutosaved] = useState<number | null>(null);
  // The alt text's "required" shows once the owner has left the field or tried to publish, not as the cover appears.
  const [altTouched, setAltTouched] = useState(false);
  // Counts covers chosen here: after each, the alt text (what the cover needs next) takes the focus once shown.
  const [coverChosen, setCoverChosen] = useState(0);

  const fields = toFields(draft);
  const dirty = JSON.stringify(fields) !== saved;

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);

  const update = (patch: Partial<Draft>) =>
    setDraft((current) => {
      const next = { ...current, ...patch };
      if (patch.title !== undefined && !current.slugEdited) next.slug = slugify(patch.title);
      return next;
    });

  const applyAnswer = useCallback((answer: PostAnswer) => {
    setPost(answer.post);
    setVersions(answer.versions);
    setSaved(JSON.stringify(toFields(fromPost(answer.post))));
    setConflict(null);
    setErrors({});
  }, []);

  /** Saves what is typed; null when it was refused (the reasons are shown). */
  const save = useCallback(
    async (quiet = false): Promise<PostDetail | null> => {
      const parsed = postFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        setErrors(fieldErrors(parsed.error));
        if (!quiet) setNotice({ tone: 'error', text: 'Some fields need attention before the post can be saved.' });
        return null;
      }
      if (!dirty && post) return post;
      const { status, body } = await savePost(post, parsed.data);
      if ((status === 200 || status === 201) && body.ok) {
        applyAnswer(body);
        if (!post) history.replaceState(null, '', postPaths.editor(body.post.id));
        if (quiet) setAutosaved(Date.now());
        else setNotice({ tone: 'success', text: body.post.status === 'published' ? 'Saved: the live post is updated.' : 'Draft saved.' });
        return body.post;
      }
      if ('conflict' in body) {
        setConflict(body.conflict);
        setNotice({ tone: 'error', text: postMessages.conflict });
        return null;
      }
      if ('errors' in body && body.errors) setErrors(body.errors);
      setNotice({ tone: 'error', text: !body.ok && typeof body.error === 'string' ? body.error : 'Some fields need attention before the post can be saved.' });
      return null;
    },
    [fields, dirty, post, applyAnswer],
  );

  // Autosave: a draft (not a live post, whose page would change) saves itself once typing stops.
  const debouncedFields = useDebounced(JSON.stringify(fields), postLimits.autosaveMs);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    if (!dirty || busy || conflict || debouncedFields !== JSON.stringify(fields)) return;
    if (post && post.status !== 'draft' && post.status !== 'unpublished') return;
    // A post from AI tools is kept only when the owner saves it once (an abandoned one should not linger in Posts).
    if (!post && fromAi) return;
    if (!fields.title) return;
    void saveRef.current(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the typed fields settle
  }, [debouncedFields]);

  /** Runs a lifecycle action (saving first); true when it was done. */
  const act = async (action: PostAction, extra: Record<string, unknown> = {}): Promise<boolean> => {
    if (action === 'publish') setAltTouched(true);
    setBusy(true);
    try {
      const current = await save();
      if (!current) return false;
      const { status, body } = await runAction(current, action, extra);
      if (status === 200 && body.ok) {
        applyAnswer(body);
        const messages = {
          publish: body.post.status === 'scheduled' ? `Scheduled for ${formatLondon(body.post.publishAt!)} (UK time).` : 'Published: the post is live.',
          unpublish: body.post.status === 'unpublished' ? 'Unpublished: its address now answers 410 Gone.' : 'No longer scheduled: back to a draft.',
          restore: 'The earlier version is restored.',
        } satisfies Record<PostAction, string>;
        setNotice({ tone: 'success', text: messages[action] });
        if (action === 'publish') setPublishAt('');
        return true;
      }
      if ('conflict' in body) setConflict(body.conflict);
      const fieldMessages = 'errors' in body ? body.errors : undefined;
      if (fieldMessages) setErrors(fieldMessages);
      const firstError = fieldMessages ? Object.values(fieldMessages)[0] : undefined;
      setNotice({ tone: 'error', text: !body.ok && typeof body.error === 'string' ? body.error : (firstError ?? answeredMessage(status)) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!post || !confirm(`Delete the draft "${post.title}"? This cannot be undone.`)) return;
    setBusy(true);
    const { status, body } = await deletePost(post.id);
    setBusy(false);
    if (status === 200) {
      setSaved(JSON.stringify(fields));
      location.assign(postPaths.list);
    } else setNotice({ tone: 'error', text: !body.ok && typeof body.error === 'string' ? body.error : answeredMessage(status) });
  };

  const upload = async (file: File) => {
    if (file.size > postLimits.coverMaxBytes) return setErrors((e) => ({ ...e, coverId: postMessages.coverTooLarge }));
    if (!(coverTypes as readonly string[]).includes(file.type)) return setErrors((e) => ({ ...e, coverId: postMessages.coverNotImage }));
    setBusy(true);
    try {
      const cover = await uploadCover(file);
      if (cover.ok) {
        update({ coverId: cover.id, coverPreview: cover.preview, coverName: file.name });
        setErrors(({ coverId: _, ...rest }) => rest);
        setAltTouched(false);
        setCoverChosen((n) => n + 1);
      } else setErrors((e) => ({ ...e, coverId: cover.error }));
    } finally {
      setBusy(false);
    }
  };

  /** The other tab's version replaces what is typed. */
  const loadSaved = (current: PostDetail) => {
    setDraft(fromPost(current));
    applyAnswer({ ok: true, post: current, versions });
  };

  /** What is typed stays, to be saved over the other tab's version. */
  const keepMine = (current: PostDetail) => {
    setPost(current);
    setConflict(null);
    setNotice({
      tone: 'info',
      text: 'Your text is kept; "Save draft" now saves it over the other version (which stays in the version history).',
    });
  };

  const status = post?.status ?? 'draft';
  return {
    post,
    versions,
    draft,
    fields,
    dirty,
    errors,
    notice,
    conflict,
    busy,
    publishAt,
    setPublishAt,
    autosaved,
    altTouched,
    setAltTouched,
    coverChosen,
    status,
    live: status === 'published',
    update,
    save,
    act,
    remove,
    upload,
    loadSaved,
    keepMine,
  };
}

export type PostEditorState = ReturnType<typeof usePostEditor>;
