/**
 * One generation: the grounded prompt sent to the configured OpenAI-compatible model through the AI SDK, the text
 * passed on as it arrives, the finished answer checked (and sent back once with the problems), and the outcome stored
 * whatever happens — success, warning, failure or stop. Errors are put into words here; the key never appears in them.
 */
import { randomUUID } from 'node:crypto';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, JSONParseError, type ModelMessage, streamText, TypeValidationError } from 'ai';
import { type AiContentType, type AiOutcome, type AiServiceKey } from '~/config/ai';
import type { Settings } from '~/config/settings.mjs';
import type { Db } from '../../db';
import { checkOutput, type MetaTags } from './checks';
import { repairPrompt, systemPrompt } from './prompts';
import { log } from '../../platform/log.mjs';
import { answerLimits } from '~/config/answer-limits.mjs';
import { boundedFetch, tooLargeIn } from '../../platform/bounded-answer.mjs';

export type AiSettings = Settings['ai'];

/** The settings the generator still needs, by name. */
export function missingAiSettings(ai: AiSettings): string[] {
  return [!ai.baseUrl && 'AI_BASE_URL', !ai.model && 'AI_MODEL'].filter((name): name is string => Boolean(name));
}

export interface GenerationInput {
  prompt: string;
  type: AiContentType;
  service?: AiServiceKey;
}

export type GenerationEvent =
  | { type: 'start'; id: string; model: string }
  | { type: 'text'; text: string }
  | { type: 'retry'; reason: string }
  | {
      type: 'done';
      id: string;
      outcome: Extract<AiOutcome, 'success' | 'warning'>;
      content: string;
      problems: string[];
      meta?: MetaTags;
      filename?: string;
      usage: { inputTokens: number | null; outputTokens: number | null };
      durationMs: number;
    }
  | { type: 'error'; id: string; outcome: Extract<AiOutcome, 'failed' | 'stopped'>; message: string };

/** Why a call failed, in words the owner can act on. */
export function describeAiError(error: unknown, context: { timedOut: boolean; timeoutMs: number; host: string; model: string }): string {
  if (context.timedOut) return `The AI service did not finish within ${Math.round(context.timeoutMs / 1000)} seconds (AI_TIMEOUT_MS).`;
  const tooLarge = tooLargeIn(error);
  if (tooLarge) return `${tooLarge.message.replace('The AI service', `The AI service at ${context.host}`)}; it was stopped there.`;
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === 401 || status === 403) return `The AI service refused the API key (${status}). Check AI_API_KEY.`;
    const modelMissing = /model/i.test(error.responseBody ?? '') && /not.?found|does not exist|unknown/i.test(error.responseBody ?? '');
    if (status === 404 || (status === 400 && modelMissing)) return `The model "${context.model}" was not found at ${context.host} (${status}). Check AI_MODEL.`;
    if (status === 429) return 'The AI service is limiting requests (429). Try again in a minute.';
    if (status !== undefined && status >= 500) return `The AI service at ${context.host} had an error (${status}). Try again later.`;
    if (status !== undefined) return `The AI service at ${context.host} refused the request (${status}).`;
    return `The AI service at ${context.host} could not be reached. Check AI_BASE_URL and that the service is running.`;
  }
  if (JSONParseError.isInstance(error) || TypeValidationError.isInstance(error)) {
    return 'The AI service sent a response that could not be read (a malformed stream).';
  }
  return `The AI service at ${context.host} could not complete the request.`;
}

class EmptyAnswer extends Error {}

/**
 * The configured model. Always a model object from this provider: a bare model string would go to a hosted gateway
 * instead. Its answers (the stream, and an error's words) are read up to a limit: a service that never stops is cut
 * there.
 */
export function configuredModel(ai: AiSettings) {
  const provider = createOpenAICompatible({
    name: 'configured',
    baseURL: ai.baseUrl!,
    apiKey: ai.apiKey,
    includeUsage: true,
    fetch: boundedFetch(answerLimits.aiModel, 'The AI service'),
  });
  return provider.chatModel(ai.model!);
}

/**
 * Generate and check, the one way the site asks the model for text: the answer streamed, checked once it is whole,
 * and sent back once with the problems found; the second answer is kept whatever its check says. A failed call is
 * thrown, not repeated: the owner decides whether to try again.
 */
export async function generateChecked<Checked extends { problems: string[] }>(
  ai: AiSettings,
  request: {
    system: string;
    prompt: string;
    signal: AbortSignal;
    check: (text: string) => Checked;
    repair: (problems: string[]) => string;
    /** Each piece of text as it arrives; a retry starts a new answer. */
    onText?: (text: string) => void;
    onRetry?: (problems: string[]) => void;
    onUsage?: (usage: { inputTokens: number | undefined; outputTokens: number | undefined }) => void;
  },
): Promise<{ text: string; checked: Checked }> {
  const model = configuredModel(ai);
  const messages: ModelMessage[] = [{ role: 'user', content: request.prompt }];
  for (let attempt = 1; ; attempt++) {
    let text = '';
    const result = streamText({
      model,
      system: request.system,
      messages,
      maxOutputTokens: ai.maxOutputTokens,
      abortSignal: request.signal,
      maxRetries: 0,
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        text += part.text;
        request.onText?.(part.text);
      } else if (part.type === 'error') {
        throw part.error;
      } else if (part.type === 'finish') {
        request.onUsage?.(part.totalUsage);
      }
    }
    if (request.signal.aborted) throw request.signal.reason;
    const checked = request.check(text);
    if (checked.problems.length === 0 || attempt === 2) return { text, checked };
    request.onRetry?.(checked.problems);
    messages.push({ role: 'assistant', content: text }, { role: 'user', content: request.repair(checked.problems) });
  }
}

/**
 * Runs one generation, passing events to `emit` as they happen; resolves once the outcome is stored. `signal` is the
 * owner's Stop (or a closed connection).
 */
export async function runGeneration(
  deps: { db: Db; ai: AiSettings; userId: string; signal: AbortSignal },
  input: GenerationInput,
  emit: (event: GenerationEvent) => void,
): Promise<void> {
  const { db, ai, userId } = deps;
  const modelId = ai.model!;
  const host = new URL(ai.baseUrl!).host;
  const id = randomUUID();
  const started = Date.now();
  const timeout = AbortSignal.timeout(ai.timeoutMs);
  const signal = AbortSignal.any([deps.signal, timeout]);
  const usage = { inputTokens: null as number | null, outputTokens: null as number | null };
  const addUsage = (field: 'inputTokens' | 'outputTokens', value: number | undefined) => {
    if (value !== undefined) usage[field] = (usage[field] ?? 0) + value;
  };
  let text = '';

  const store = (outcome: AiOutcome, output: string, message: string | null) =>
    db
      .insertInto('ai_generations')
      .values({
        id,
        user_id: userId,
        created_at: started,
        content_type: input.type,
        service: input.type === 'service' ? (input.service ?? null) : null,
        prompt: input.prompt,
        model: modelId,
        output,
        input_tokens: usage.inputTokens,
        output_tokens: usage.outputTokens,
        duration_ms: Date.now() - started,
        outcome,
        message,
      })
      .execute();

  emit({ type: 'start', id, model: modelId });
  try {
    const { checked: done } = await generateChecked(ai, {
      system: systemPrompt(input.type, input.service),
      prompt: input.prompt,
      signal,
      check: (answer) => {
        if (answer.trim() === '') throw new EmptyAnswer();
        return checkOutput(input.type, answer, input.service);
      },
      repair: repairPrompt,
      onText: (piece) => {
        text += piece;
        emit({ type: 'text', text: piece });
      },
      onRetry: (problems) => {
        text = '';
        emit({ type: 'retry', reason: problems.join(' ') });
      },
      onUsage: (total) => {
        addUsage('inputTokens', total.inputTokens);
        addUsage('outputTokens', total.outputTokens);
      },
    });
    const outcome = done.problems.length === 0 ? 'success' : 'warning';
    await store(outcome, done.content, done.problems.length > 0 ? done.problems.join(' ') : null);
    emit({
      type: 'done',
      id,
      outcome,
      content: done.content,
      problems: done.problems,
      meta: done.meta,
      filename: done.filename,
      usage,
      durationMs: Date.now() - started,
    });
  } catch (error) {
    const stopped = deps.signal.aborted && !timeout.aborted;
    const message = stopped
      ? 'Stopped before the answer was complete.'
      : error instanceof EmptyAnswer
        ? 'The model returned no text.'
        : describeAiError(error, { timedOut: timeout.aborted, timeoutMs: ai.timeoutMs, host, model: modelId });
    if (!stopped) log.error(`[ai] generation failed: ${message}`);
    await store(stopped ? 'stopped' : 'failed', text, message);
    emit({ type: 'error', id, outcome: stopped ? 'stopped' : 'failed', message });
  }
}
