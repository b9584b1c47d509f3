import { aiLimits } from '~/config/ai';
import { plural } from '~/lib/plural.mjs';
import { conflict, streamed, tooMany } from '~/server/api/answers';
import { route, serverFailureText } from '~/server/api/route';
import { aiGenerateForm } from '~/server/features/ai/form';
import { type GenerationEvent, missingAiSettings, runGeneration } from '~/server/features/ai/generate';
import { takeGenerationSlot } from '~/server/features/ai/history';

export const prerender = false;

/**
 * Generates content for the signed-in owner. The answer is a stream of JSON lines (start, text…, retry, done or
 * error) so the text appears as the model writes it; closing the connection (Stop) cancels the call to the model.
 */
export const POST = route({ body: aiGenerateForm, admin: true }, async ({ body: form, runtime, settings, admin, context, log }) => {
  const { ai } = settings;
  const missing = missingAiSettings(ai);
  if (missing.length > 0) return conflict(`The AI generator is not set up: set ${missing.join(' and ')}.`);
  const { db } = runtime;
  const slot = await takeGenerationSlot(db, admin.userId, ai.generationsPerHour);
  if (!slot.ok) {
    const minutes = Math.ceil(slot.retryAfterSeconds / 60);
    const error = `You have used all ${ai.generationsPerHour} generations for this ${aiLimits.windowMinutes} minutes. Try again in ${plural(minutes, 'minute')}.`;
    return tooMany(slot.retryAfterSeconds, error, { retryAfterSeconds: slot.retryAfterSeconds });
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
      void runGeneration({ db, ai, userId: admin.userId, signal: stop.signal }, form, emit)
        .catch((error: unknown) => {
          log.error({ err: error }, '[ai] could not store the generation');
          emit({ type: 'error', id: '', outcome: 'failed', message: serverFailureText });
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
  return streamed(body, 'application/x-ndjson; charset=utf-8');
});
