/** Stored generations (the tab's history), the AI status Settings shows, and the per-account hourly limit. */
import { aiLimits, type AiContentType, type AiOutcome } from '~/config/ai';
import type { AiGeneration, AiStatus } from '~/lib/admin-types';
import type { Db } from '../../db';
import type { AiGenerationTable } from '../../db/schema';
import { limit, type LimitWindow, peekLimit } from '../../platform/limit';
import { type AiSettings, missingAiSettings } from './generate';

/** Generations per account in the window; how many is the AI_GENERATIONS_PER_HOUR setting. */
export const generationWindow = { scope: 'ai:generate', windowMs: aiLimits.windowMinutes * 60_000 } satisfies LimitWindow;
const generationLimit = (userId: string, perHour: number, now: number) => ({ ...generationWindow, key: userId, max: perHour, now });

const toGeneration = (row: AiGenerationTable): AiGeneration => ({
  id: row.id,
  at: row.created_at,
  type: row.content_type as AiContentType,
  service: row.service,
  prompt: row.prompt,
  model: row.model,
  output: row.output,
  inputTokens: row.input_tokens,
  outputTokens: row.output_tokens,
  durationMs: row.duration_ms,
  outcome: row.outcome as AiOutcome,
  message: row.message,
});

export async function listGenerations(db: Db, limit: number = aiLimits.historyShown): Promise<AiGeneration[]> {
  const rows = await db.selectFrom('ai_generations').selectAll().orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map(toGeneration);
}

export async function deleteGeneration(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('ai_generations').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The account's use of its hourly allowance: read from the limiter itself, so the tab shows it after a reload too. */
export async function generationAllowance(db: Db, userId: string, perHour: number, now = Date.now()): Promise<AiStatus['allowance']> {
  const state = await peekLimit(db, generationLimit(userId, perHour, now));
  return state.allowed ? { used: perHour - state.remaining, freeAt: null } : { used: perHour, freeAt: state.freeAt };
}

export async function aiStatus(db: Db, ai: AiSettings, userId: string): Promise<AiStatus> {
  const [last, allowance] = await Promise.all([
    db.selectFrom('ai_generations').select(['created_at', 'outcome', 'message']).orderBy('created_at', 'desc').limit(1).executeTakeFirst(),
    generationAllowance(db, userId, ai.generationsPerHour),
  ]);
  return {
    allowance,
    missing: missingAiSettings(ai),
    model: ai.model ?? null,
    endpointHost: ai.baseUrl ? new URL(ai.baseUrl).host : null,
    generationsPerHour: ai.generationsPerHour,
    lastCall: last ? { at: last.created_at, outcome: last.outcome as AiOutcome, message: last.message } : null,
  };
}

/**
 * Counts one generation against the account's hourly allowance, or says how long to wait. On the one rate limiter
 * (src/server/platform/limit.ts), so it holds across restarts and instances.
 */
export async function takeGenerationSlot(
  db: Db,
  userId: string,
  perHour: number,
  now = Date.now(),
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  // Free again when the oldest generation that still counts is an hour old.
  const slot = await limit(db, generationLimit(userId, perHour, now));
  return slot.allowed ? { ok: true } : { ok: false, retryAfterSeconds: slot.retryAfterSeconds };
}
