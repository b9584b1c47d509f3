import type { APIRoute } from 'astro';
import { aiLimits } from '~/config/ai';
import { settings } from '~/config/settings.mjs';
import { aiGenerateForm } from '~/server/features/ai/form';
import { type GenerationEvent, missingAiSettings, runGeneration } from '~/server/features/ai/generate';
import { takeGenerationSlot } from '~/server/features/ai/history';
import { jsonAnswer } from '~/server/api/caller';
import { guarded, readForm } from '~/server/api/endpoint';
import { getRuntime } from '~/server/runtime';
import { plural } from '~/lib/plural.mjs';

export const prerender = false;

/**
 * Generates content for the signed-in owner. The answer is a stream of JSON lines (start, text…, retry, done or
 * error) so the text appears as the model writes it; closing the connection (Stop) cancels the call to the model.
 */
export const POST: APIRoute = (context) =>
  guarded(async () => {
    const form = await readForm(context.request, aiGenerateForm);
    if ('answer' in form) return form.answer;
    const { ai } = settings();
    const missing = missingAiSettings(ai);
    if (missing.length > 0) return jsonAnswer(409, { ok: false, error: `The AI generator is not set up: set ${missing.join(' and ')}.` });
    const { db } = await getRuntime();
    const session = context.locals.admin!;
    const slot = await takeGenerationSlot(db, session.userId, ai.generationsPerHour);
    if (!slot.ok) {
      const minutes = Math.ceil(slot.retryAfterSeconds / 60);
      return jsonAnswer(
        429,
        {
          ok: false,
          error: `You have used all ${ai.generationsPerHour} generations for this ${aiLimits.windowMinutes} minutes. Try again in ${plural(minutes, 'minute')}.`,
          retryAfterSeconds: slot.retryAfterSeconds,
        },
        [],
        { 'Retry-After': String(slot.retryAfterSeconds) },
      );
    }

    const stop = new AbortController();
    context.request.signal.addEventListener('abort', () => stop.abort(), { once: true });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let open = true;
        const emit = (event: GenerationEvent) => {
          if (!open) return;
          try {
            controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
          } catch {
            open = false;
          }
        };
        void runGeneration({ db, ai, userId: session.userId, signal: stop.signal }, form.data, emit)
          .catch((error: unknown) => {
            console.error('[ai] could not store the generation:', error);
            emit({ type: 'error', id: '', outcome: 'failed', message: 'The server could not complete that just now. Please try again in a minute.' });
          })
          .finally(() => {
            if (!open) return;
            open = false;
            controller.close();
          });
      },
      cancel() {
        stop.abort();
      },
    });
    // no-transform: the compression layer must pass each line on at once rather than buffer it.
    return new Response(body, {
      status: 200,
      headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no' },
    });
  });
