/**
 * The post editor: the fields, a live preview in the site's styles and the site checker's rules as the owner types,
 * and the lifecycle (save, preview, publish now or at a UK time, unpublish, delete a draft, restore an earlier
 * version). A draft saves itself a few seconds after typing stops, except a post from AI tools that was never saved:
 * that is kept only when the owner saves it. Leaving with unsaved changes asks first. A save from a stale copy (another
 * tab saved since) is refused, and what was typed stays on screen with what changed. Unpublishing a live post asks first.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { paths } from '~/config/paths';
import { snippetLimits } from '~/config/search-snippet.mjs';
import { coverTypes, type PostAction, postLimits, postMessages, postPaths, postStatusLabels } from '~/config/posts';
import type { CoverAnswer, PostAnswer, PostConflictAnswer, PostDetail, PostVersionItem } from '~/lib/post-types';
import { formatLondon, postChecks, postFieldsSchema, publishProblems, slugify, splitKeywords, utcToLondonLocal, type PostFields } from '~/lib/posts';
import { fieldErrors } from '~/lib/admin-forms';
import { AdminQueryProvider, usePostRender } from '../data/queries';
import { answeredMessage, post as post_, unreachableMessage } from '../data/post';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field } from '../ui/field';
import { Notice } from '../ui/notice';
import { TextAreaField } from '../ui/text-area-field';
import { aiDraftKey } from './draft-handoff';
import { adminApi } from '~/config/admin';

interface Draft {
  title: string;
  slug: string;
  slugEdited: boolean;
  description: string;
  keywords: string;
  body: string;
  coverId: string | null;
  coverAlt: string;
  coverPreview: string | null;
  /** The name of the file just chosen (unknown for a cover saved before). */
  coverName: string | null;
}

const emptyDraft: Draft = {
  title: '',
  slug: '',
  slugEdited: false,
  description: '',
  keywords: '',
  body: '',
  coverId: null,
  coverAlt: '',
  coverPreview: null,
  coverName: null,
};

const fromPost = (post: PostDetail): Draft => ({
  title: post.title,
  slug: post.slug,
  slugEdited: true,
  description: post.description,
  keywords: post.keywords.join(', '),
  body: post.body,
  coverId: post.coverId,
  coverAlt: post.coverAlt,
  coverPreview: post.coverId ? postPaths.cover(post.coverId, 800, 'webp') : null,
  coverName: null,
});

const toFields = (d: Draft): PostFields => ({
  title: d.title.trim(),
  slug: d.slug.trim(),
  description: d.description.trim(),
  keywords: splitKeywords(d.keywords),
  body: d.body,
  coverId: d.coverId,
  coverAlt: d.coverAlt.trim(),
});

const fieldLabels: Record<keyof PostFields, string> = {
  title: 'Title',
  slug: 'Slug',
  description: 'Description',
  keywords: 'Keywords',
  body: 'Body (Markdown)',
  coverId: 'Cover image',
  coverAlt: 'Alt text',
};

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The AI generator's post left for this editor, if any (removed once read). */
function takeAiDraft(): Draft | null {
  const stored = sessionStorage.getItem(aiDraftKey);
  if (!stored) return null;
  sessionStorage.removeItem(aiDraftKey);
  try {
    const ai = JSON.parse(stored) as { title?: string; description?: string; keywords?: string[]; body?: string };
    return {
      ...emptyDraft,
      title: ai.title ?? '',
      slug: slugify(ai.title ?? ''),
      description: ai.description ?? '',
      keywords: (ai.keywords ?? []).join(', '),
      body: ai.body ?? '',
    };
  } catch {
    return null;
  }
}

type EditorProps = { initial: PostDetail | null; initialVersions: PostVersionItem[]; knownPaths: string[]; now: number };

function Editor({ initial, initialVersions, knownPaths, now }: EditorProps) {
  const [post, setPost] = useState<PostDetail | null>(initial);
  const [versions, setVersions] = useState(initialVersions);
  // A new post may start from a Blog Post of AI tools ("Use as draft"): read once, then forgotten.
  const [fromAi] = useState(() => (initial ? null : takeAiDraft()));
  const [draft, setDraft] = useState<Draft>(() => (initial ? fromPost(initial) : (fromAi ?? emptyDraft)));
  const [saved, setSaved] = useState<string>(JSON.stringify(initial ? toFields(fromPost(initial)) : toFields(emptyDraft)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'info' | 'error' | 'success'; text: string } | null>(
    fromAi ? { tone: 'info', text: postMessages.fromAi } : null,
  );
  const [conflict, setConflict] = useState<PostConflictAnswer['conflict'] | null>(null);
  const [busy, setBusy] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const [autosaved, setAutosaved] = useState<number | null>(null);
  // The alt text's "required" shows once the owner has left the field or tried to publish, not as the cover appears.
  const [altTouched, setAltTouched] = useState(false);
  const coverInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  // Counts covers chosen here: after each, the alt text (what the cover needs next) takes the focus once shown.
  const [coverChosen, setCoverChosen] = useState(0);
  useEffect(() => {
    if (coverChosen > 0) altInput.current?.focus();
  }, [coverChosen]);
  const unpublishButton = useRef<HTMLButtonElement>(null);
  const publishButton = useRef<HTMLButtonElement>(null);
  const focusPublish = useRef(false);
  const unpublishDialog = useRef<HTMLDialogElement>(null);
  const dialogTitleId = useId();
  const dialogBodyId = useId();
  const known = useMemo(() => new Set(knownPaths), [knownPaths]);

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

  /** Saves what is typed; false when it was refused (the reasons are shown). */
  const save = useCallback(
    async (quiet = false): Promise<PostDetail | null> => {
      const parsed = postFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        setErrors(fieldErrors(parsed.error));
        if (!quiet) setNotice({ tone: 'error', text: 'Some fields need attention before the post can be saved.' });
        return null;
      }
      if (!dirty && post) return post;
      const { status, body } = post
        ? await post_<PostAnswer, PostConflictAnswer>(adminApi.post(post.id), { ...parsed.data, version: post.version }, 'PUT')
        : await post_<PostAnswer, PostConflictAnswer>(adminApi.posts, parsed.data);
      if ((status === 200 || status === 201) && body.ok) {
        const answer = body;
        applyAnswer(answer);
        if (!post) history.replaceState(null, '', postPaths.editor(answer.post.id));
        if (quiet) setAutosaved(Date.now());
        else setNotice({ tone: 'success', text: answer.post.status === 'published' ? 'Saved: the live post is updated.' : 'Draft saved.' });
        return answer.post;
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
      const { status, body } = await post_<PostAnswer, PostConflictAnswer>(adminApi.postAction(current.id, action), { version: current.version, ...extra });
      if (status === 200 && body.ok) {
        const answer = body;
        applyAnswer(answer);
        const messages = {
          publish: answer.post.status === 'scheduled' ? `Scheduled for ${formatLondon(answer.post.publishAt!)} (UK time).` : 'Published: the post is live.',
          unpublish: answer.post.status === 'unpublished' ? 'Unpublished: its address now answers 410 Gone.' : 'No longer scheduled: back to a draft.',
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
    const { status, body } = await post_(adminApi.post(post.id), {}, 'DELETE');
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
      const response = await fetch(adminApi.postCover, {
        method: 'POST',
        headers: { 'Content-Type': file.type, Accept: 'application/json' },
        body: file,
        credentials: 'same-origin',
      });
      const body = (await response.json().catch(() => ({}))) as Partial<CoverAnswer> & { error?: string };
      if (response.status === 201 && body.id) {
        update({ coverId: body.id, coverPreview: body.preview ?? null, coverName: file.name });
        setErrors(({ coverId: _, ...rest }) => rest);
        setAltTouched(false);
        setCoverChosen((n) => n + 1);
      } else setErrors((e) => ({ ...e, coverId: body.error ?? answeredMessage(response.status) }));
    } catch {
      setErrors((e) => ({ ...e, coverId: unreachableMessage }));
    } finally {
      setBusy(false);
    }
  };

  const renderInput = useDebounced(
    JSON.stringify({ title: fields.title, description: fields.description, body: fields.body, coverId: fields.coverId, coverAlt: fields.coverAlt }),
    400,
  );
  const rendered = usePostRender(renderInput);
  // The checks run in the browser at once; the server's answer (the same rules) confirms them with the preview.
  const checks = postChecks(fields, known);
  const blocking = publishProblems(fields);

  const status = post?.status ?? 'draft';
  const live = status === 'published';
  // Unpublish goes with the live page: once it has gone, focus moves to Publish, which puts the post back.
  useEffect(() => {
    if (!focusPublish.current || live) return;
    focusPublish.current = false;
    publishButton.current?.focus();
  }, [live]);
  const canDelete = post !== null && status === 'draft' && post.publishedAt === null;

  return (
    <>
      <h1 className="mb-4 text-2xl font-bold text-ink">{post ? post.title || 'Untitled post' : 'New post'}</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <Card
            title={post ? 'Edit post' : 'New post'}
            actions={
              <span className="flex items-center gap-2 text-sm text-muted">
                <Badge variant={live ? 'good' : status === 'scheduled' ? 'info' : status === 'unpublished' ? 'warn' : 'neutral'}>
                  {postStatusLabels[status]}
                </Badge>
                {dirty ? 'Unsaved changes' : autosaved ? `Saved automatically at ${formatLondon(autosaved).split(', ')[1]}` : post ? 'All changes saved' : ''}
              </span>
            }
          >
            <div className="grid grid-cols-1 gap-4">
              {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
              {conflict && (
                <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                  <p className="font-semibold">
                    Changed in the other tab: {conflict.changed.length ? conflict.changed.map((f) => fieldLabels[f]).join(', ') : 'its status'} (saved{' '}
                    {formatLondon(conflict.current.updatedAt)}).
                  </p>
                  <p className="mt-1">Copy what you need from here, then load the saved version, or keep yours and save it over the other.</p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => {
                        setDraft(fromPost(conflict.current));
                        applyAnswer({ ok: true, post: conflict.current, versions });
                      }}
                    >
                      Load the saved version
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => {
                        setPost(conflict.current);
                        setConflict(null);
                        setNotice({
                          tone: 'info',
                          text: 'Your text is kept; "Save draft" now saves it over the other version (which stays in the version history).',
                        });
                      }}
                    >
                      Keep mine
                    </Button>
                  </div>
                </div>
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
                    error={errors.coverAlt ?? (altTouched ? blocking.coverAlt : undefined)}
                    hint="What the image shows, for people who cannot see it."
                    required
                  />
                )}
              </div>
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
                  <Button
                    ref={unpublishButton}
                    variant="secondary"
                    // A live page is taken down only once the owner confirms; a scheduled one is not live yet.
                    onClick={() => {
                      if (live) unpublishDialog.current?.showModal();
                      else void act('unpublish');
                    }}
                    disabled={busy}
                    aria-haspopup={live ? 'dialog' : undefined}
                  >
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
          {!live && (
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
          )}
          {live && post && (
            <Card title="Live">
              <p className="text-sm">
                At{' '}
                <a className="link" href={post.path}>
                  {post.path}
                </a>{' '}
                since {formatLondon(post.publishedAt!)}
                {post.modifiedAt ? `, updated ${formatLondon(post.modifiedAt)}` : ''}.
              </p>
            </Card>
          )}
          {post && versions.length > 0 && (
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
          )}
        </div>
        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <Card title="SEO checks">
            {checks.length === 0 ? (
              <p className="text-sm text-emerald-900">Nothing to fix: the site checker’s rules all pass.</p>
            ) : (
              <ul className="grid gap-2 text-sm" aria-live="polite">
                {checks.map((c, i) => (
                  <li key={`${c.rule}-${i}`} className="rounded-lg border border-slate-200 p-2">
                    <Badge variant={c.severity === 'error' ? 'bad' : c.severity === 'warning' ? 'warn' : 'neutral'}>
                      {c.severity === 'error' ? 'Error' : c.severity === 'warning' ? 'Warning' : 'Notice'}
                    </Badge>{' '}
                    <span className="font-semibold text-ink">{c.title}</span>
                    <span className="block text-slate-700">{c.detail}</span>
                    <span className="block text-muted">Fix: {c.fix}</span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card title="Preview">
            <article className="rounded-lg border border-slate-200 bg-white p-4">
              <p className="eyebrow">Guide</p>
              <p className="mt-2 text-3xl font-extrabold tracking-tight text-ink">{fields.title || 'Untitled'}</p>
              <p className="mt-3 text-lg text-muted">{fields.description}</p>
              {rendered.isError ? (
                <p className="mt-4 text-sm text-red-800">{rendered.error.message}</p>
              ) : (
                // The server's rendering: the same Markdown pipeline and allow-list as the public page.
                <div className="prose mt-6" dangerouslySetInnerHTML={{ __html: rendered.data?.html ?? '' }} />
              )}
            </article>
          </Card>
        </div>
      </div>
      <dialog
        ref={unpublishDialog}
        aria-labelledby={dialogTitleId}
        aria-describedby={dialogBodyId}
        className="m-auto w-[min(38rem,calc(100vw-2rem))] rounded-xl bg-white p-6 shadow-xl backdrop:bg-slate-900/50"
        onClose={() => {
          // Back to the button that opened it (Cancel, Escape or confirm; after confirming, Publish takes it once shown).
          unpublishButton.current?.focus();
        }}
      >
        <h2 id={dialogTitleId} className="text-lg font-semibold text-ink">
          {postMessages.unpublishConfirm.title}
        </h2>
        <p id={dialogBodyId} className="mt-2 text-sm text-slate-700">
          {postMessages.unpublishConfirm.body}
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          {/* First, so Enter or a quick tap keeps the page up; Escape cancels too. */}
          <Button variant="secondary" onClick={() => unpublishDialog.current?.close()}>
            {postMessages.unpublishConfirm.cancel}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              unpublishDialog.current?.close();
              focusPublish.current = true;
              void act('unpublish').then((done) => {
                if (!done) focusPublish.current = false;
              });
            }}
          >
            {postMessages.unpublishConfirm.confirm}
          </Button>
        </div>
      </dialog>
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
