/**
 * AI tools: the content generator. The answer streams into the result area as the model writes
 * it; Stop closes the request, which cancels the model's call on the server. Meta tags show their lengths and a
 * search-result preview; a blog post opens in the post editor as a draft (or downloads as Markdown). Every generation is kept in
 * the history below, to reopen, copy or delete.
 */
import { takeAiPrefill } from './prefill-handoff';
import { ApplyToPost } from './ApplyToPost';
import { type ChangeEvent, type KeyboardEvent, type SubmitEvent, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { adminApi } from '~/config/admin';
import { type AiContentType, aiContentTypes, aiLimits, aiMessages, type AiServiceKey, aiServiceChoices, defaultAiContentType } from '~/config/ai';
import type { AiGeneration, AiStatus } from '~/lib/admin-types';
import { jsonLines } from '../data/json-lines';
import { post } from '../data/post';
import { toast } from '~/lib/toast';
import { adminKeys, useAiHistory, useQueryClient } from '../data/queries';
import { Button } from '../ui/button';
import { useHydrated } from '../ui/use-hydrated';
import { Card } from '../ui/card';
import { Notice } from '../ui/notice';
import { copyText, download, formatNumber, type MetaTags, metaFromHtml, postDraftFromMarkdown, postFilename } from './output';
import { postPaths } from '~/config/posts';
import { aiDraftKey } from '../posts/draft-handoff';
import { HistoryItem, MetaView } from './views';

/** What the result area shows: the streamed or finished text, and what is known about it. */
interface Result {
  type: AiContentType;
  content: string;
  meta?: MetaTags;
  filename?: string;
  problems: string[];
  model?: string;
}

type StreamEvent =
  | { type: 'start'; id: string; model: string }
  | { type: 'text'; text: string }
  | { type: 'retry'; reason: string }
  | { type: 'done'; content: string; problems: string[]; meta?: MetaTags; filename?: string }
  | { type: 'error'; outcome: 'failed' | 'stopped'; message: string };

const finePointer = '(pointer: fine)';
const hasFinePointer = () => window.matchMedia(finePointer).matches;
function subscribeFinePointer(change: () => void) {
  const query = window.matchMedia(finePointer);
  query.addEventListener('change', change);
  return () => query.removeEventListener('change', change);
}

const fieldClass = 'min-h-11 rounded-lg border border-slate-400 bg-white px-3 text-ink';

export function AiPanel({
  status: initialStatus,
  history: initialHistory,
  now: initialNow,
  siteOrigin,
}: {
  status: AiStatus;
  history: AiGeneration[];
  now: number;
  siteOrigin: string;
}) {
  const ids = useId();
  const queryClient = useQueryClient();
  const {
    data: { status, history, now },
  } = useAiHistory({ ok: true, status: initialStatus, history: initialHistory, now: initialNow });
  const [type, setType] = useState<AiContentType>(defaultAiContentType);
  const [service, setService] = useState<AiServiceKey>(aiServiceChoices[0]!.key);
  const [prompt, setPrompt] = useState('');
  const [generating, setGenerating] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [retryNote, setRetryNote] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const resultCardRef = useRef<HTMLDivElement>(null);
  const configured = status.missing.length === 0;
  const empty = prompt.trim() === '';
  // The hourly allowance as the server counts it, so a reload shows it too; read again when a place is free.
  const freeAt = status.allowance.freeAt;
  const limited = freeAt !== null && freeAt > now;
  useEffect(() => {
    if (freeAt === null || freeAt <= now) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: adminKeys.aiHistory }), freeAt - now + 500);
    return () => clearTimeout(timer);
  }, [freeAt, now, queryClient]);
  // Ctrl + Enter is offered only where there is a fine pointer (a mouse, so most likely a keyboard): not on phones.
  const keyboard = useSyncExternalStore(subscribeFinePointer, hasFinePointer, () => false);
  // A choice made before hydration would show in the list while the form still held the default.
  const hydrated = useHydrated();
  // While the answer streams, its newest words stay in sight: the result box follows the end of the text.
  useEffect(() => {
    const box = resultRef.current;
    if (generating && box) box.scrollTop = box.scrollHeight;
  }, [generating, result?.content]);

  // Opened from a Search opportunity: the meta-tags form comes prefilled with the page and its searches.
  const [target, setTarget] = useState<{ postId: string | null; page: string } | null>(null);
  useEffect(() => {
    // After hydration (the server rendered the empty form): what the Search tab left in this tab's sessionStorage.
    const fromHandoff = () => {
      const prefill = takeAiPrefill();
      if (!prefill) return;
      setType(prefill.type);
      setPrompt(prefill.prompt);
      setTarget({ postId: prefill.postId, page: prefill.page });
    };
    fromHandoff();
  }, []);

  const refreshHistory = () => queryClient.invalidateQueries({ queryKey: adminKeys.aiHistory });

  async function generate(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (empty) {
      toast({ title: aiMessages.promptRequired.title, description: aiMessages.promptRequired.description, variant: 'destructive' });
      return;
    }
    if (generating || !configured || limited) return;
    const stop = new AbortController();
    running.current = stop;
    setGenerating(true);
    setRetryNote(null);
    setResult({ type, content: '', problems: [] });
    // The result is where the owner looks next: on a phone it is below the form, so it is brought into view.
    const motion = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    requestAnimationFrame(() => resultCardRef.current?.scrollIntoView({ block: 'start', behavior: motion }));
    let failure: string | null = null;
    let finished = false;
    let problems: string[] = [];
    let stopped = false;
    try {
      const response = await fetch(adminApi.aiGenerate, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
        body: JSON.stringify({ prompt, type, ...(type === 'service' && { service }) }),
        credentials: 'same-origin',
        signal: stop.signal,
      });
      if (!response.ok) {
        const body = ((await response.json().catch(() => ({}))) ?? {}) as { error?: string; errors?: Record<string, string> };
        failure = body.error ?? Object.values(body.errors ?? {})[0] ?? null;
      } else {
        for await (const message of jsonLines<StreamEvent>(response.body!)) {
          if (message.type === 'start') setResult((r) => r && { ...r, model: message.model });
          else if (message.type === 'text') setResult((r) => r && { ...r, content: r.content + message.text });
          else if (message.type === 'retry') {
            setRetryNote(`The first answer was sent back once: ${message.reason}`);
            setResult((r) => r && { ...r, content: '' });
          } else if (message.type === 'done') {
            finished = true;
            problems = message.problems;
            setResult((r) => ({ ...r, type, content: message.content, problems: message.problems, meta: message.meta, filename: message.filename }));
          } else if (message.type === 'error') {
            failure = message.message;
            stopped = message.outcome === 'stopped';
          }
        }
      }
    } catch {
      if (stop.signal.aborted) stopped = true;
      else failure = 'The server could not be reached. Check your connection and try again.';
    }
    running.current = null;
    setGenerating(false);
    // The result takes focus first, so the toast that follows is placed clear of it.
    if (finished) resultRef.current?.focus();
    if (stopped) toast({ title: 'Generation stopped', description: 'What was written before you stopped is kept below and in the history.' });
    else if (!finished) toast({ title: aiMessages.failed.title, description: failure || aiMessages.failed.fallback, variant: 'destructive' });
    // A success toast would contradict the warnings shown with the result: then the toast points to them instead.
    else if (problems.length > 0) toast({ title: aiMessages.generatedWithProblems.title, description: aiMessages.generatedWithProblems.description });
    else toast({ title: aiMessages.generated.title, description: aiMessages.generated.description, variant: 'success' });

    // The server stores the outcome as the stream ends; a stop is stored a moment after the connection closes.
    await refreshHistory();
    if (stopped) setTimeout(() => void refreshHistory(), 1000);
  }

  function onPromptKey(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  function open(item: AiGeneration) {
    setRetryNote(null);
    setResult({
      type: item.type,
      content: item.output,
      problems: item.outcome === 'warning' && item.message ? [item.message] : [],
      meta: item.type === 'meta' ? metaFromHtml(item.output) : undefined,
      filename: item.type === 'blog' ? postFilename(item.output) : undefined,
      model: item.model,
    });
    resultRef.current?.focus();
  }

  async function remove(item: AiGeneration) {
    if (!window.confirm('Delete this generation from the history?')) return;
    const { body } = await post(adminApi.aiGeneration(item.id), {}, 'DELETE');
    if (!body.ok) toast({ title: 'Not deleted', description: body.error ?? '', variant: 'destructive' });
    await refreshHistory();
  }

  const disabledReason = !configured ? `${ids}-not-set-up` : undefined;
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">AI tools</h2>
      {!configured && (
        <div id={`${ids}-not-set-up`}>
          <Notice tone="info">
            The generator is not set up, so Generate is disabled. Set {status.missing.join(' and ')} in the server&apos;s environment (and AI_API_KEY if your
            provider needs one), then restart the server. Any OpenAI-compatible API works: OpenAI, or Ollama, vLLM or llama.cpp on your own machine.
          </Notice>
        </div>
      )}
      <Card title="AI content generator" headingLevel={3}>
        <p className="mb-4 text-sm text-muted">
          Drafts in British English, grounded in the business&apos;s real services and prices
          {configured && (
            <>
              {' '}
              · {status.model} at {status.endpointHost} · {status.generationsPerHour} generations per hour
            </>
          )}
          .
        </p>
        <form method="post" onSubmit={(event) => void generate(event)} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1">
              <label htmlFor={`${ids}-type`} className="font-medium text-ink">
                Content type
              </label>
              <select
                id={`${ids}-type`}
                value={type}
                onChange={(event: ChangeEvent<HTMLSelectElement>) => setType(event.target.value as AiContentType)}
                disabled={generating || !hydrated}
                className={fieldClass}
              >
                {aiContentTypes.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label}
                  </option>
                ))}
              </select>
            </div>
            {type === 'service' && (
              <div className="grid gap-1">
                <label htmlFor={`${ids}-service`} className="font-medium text-ink">
                  Service
                </label>
                <select
                  id={`${ids}-service`}
                  value={service}
                  onChange={(event: ChangeEvent<HTMLSelectElement>) => setService(event.target.value as AiServiceKey)}
                  disabled={generating || !hydrated}
                  className={fieldClass}
                >
                  {aiServiceChoices.map((choice) => (
                    <option key={choice.key} value={choice.key}>
                      {choice.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${ids}-prompt`} className="font-medium text-ink">
              Prompt
            </label>
            <p id={`${ids}-prompt-hint`} className="text-sm text-muted">
              What to write about, for whom, and anything to include.{keyboard && ` ${aiMessages.shortcut}`}
            </p>
            <textarea
              id={`${ids}-prompt`}
              value={prompt}
              onChange={(event) => setPrompt(event.target.value)}
              onKeyDown={onPromptKey}
              maxLength={aiLimits.promptMaxChars}
              aria-describedby={`${ids}-prompt-hint ${ids}-prompt-count`}
              className="min-h-[100px] rounded-lg border border-slate-400 bg-white p-3 text-ink"
              rows={5}
            />
            <p id={`${ids}-prompt-count`} className="text-right text-sm text-muted">
              {formatNumber(prompt.length)} / {formatNumber(aiLimits.promptMaxChars)} characters
            </p>
          </div>
          {limited && (
            <div id={`${ids}-limit`} data-ai-limit>
              <Notice tone="info">
                {aiMessages.limitReached(status.generationsPerHour, new Date(freeAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' }))}
              </Notice>
            </div>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={!configured || generating || empty || limited} aria-describedby={limited ? `${ids}-limit` : disabledReason}>
              {generating ? aiMessages.generating : 'Generate'}
            </Button>
            {generating && (
              <Button variant="secondary" onClick={() => running.current?.abort()}>
                Stop
              </Button>
            )}
          </div>
        </form>
      </Card>

      <div ref={resultCardRef} className="scroll-mt-4" data-ai-result-card>
        <Card
          title="Result"
          headingLevel={3}
          actions={
            result && result.content !== '' && !generating ? (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => void copyText(result.content)}>
                  Copy
                </Button>
                {result.type === 'blog' && result.filename && (
                  <Button size="sm" variant="secondary" onClick={() => download(result.content, result.filename!)}>
                    Download .md
                  </Button>
                )}
                {result.type === 'blog' && (
                  <Button
                    size="sm"
                    onClick={() => {
                      // The editor opens with it (in this tab's storage, read once): nothing is saved until the owner saves.
                      sessionStorage.setItem(aiDraftKey, JSON.stringify(postDraftFromMarkdown(result.content)));
                      location.assign(postPaths.newPost);
                    }}
                  >
                    Use as draft
                  </Button>
                )}
              </div>
            ) : undefined
          }
        >
          {retryNote && <Notice tone="info">{retryNote}</Notice>}
          {result && result.problems.length > 0 && !generating && (
            <div data-toast-avoid>
              <Notice tone="error">Check before using: {result.problems.join(' ')}</Notice>
            </div>
          )}
          {result?.meta && !generating && <MetaView meta={result.meta} siteOrigin={siteOrigin} />}
          {result?.meta && !generating && target?.postId && <ApplyToPost postId={target.postId} page={target.page} meta={result.meta} />}
          {result?.meta && !generating && target && !target.postId && <Notice tone="info">{aiMessages.builtPageApply(target.page)}</Notice>}
          <div
            ref={resultRef}
            // In the tab order: a long result scrolls inside its box, and a keyboard user must be able to scroll it
            // (WCAG 2.1.1; axe's scrollable-region-focusable), which the lint rule does not know of.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            aria-busy={generating}
            aria-label="Generated content"
            role="region"
            // While the model writes, the area keeps the room its words will take: the page is tall enough for the
            // result to be scrolled into view on a phone, and it does not push what follows down line by line.
            className={`mt-3 max-h-[32rem] ${generating ? 'min-h-[min(32rem,60svh)]' : 'min-h-24'} overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm break-words whitespace-pre-wrap text-ink focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600`}
            data-ai-result
          >
            {result?.content || (generating ? 'Waiting for the first words…' : 'Nothing generated yet.')}
          </div>
          {result?.type === 'blog' && result.content !== '' && !generating && (
            <p className="mt-2 text-sm text-muted">{aiMessages.blogResultHint(Boolean(result.filename))}</p>
          )}
        </Card>
      </div>

      <Card title="History" headingLevel={3}>
        {history.length === 0 ? (
          <p className="text-muted">Nothing generated yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200">
            {history.map((item) => (
              <HistoryItem key={item.id} item={item} now={now} onOpen={open} onDelete={(i) => void remove(i)} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
