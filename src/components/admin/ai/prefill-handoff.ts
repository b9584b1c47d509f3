/**
 * What another tab hands the AI generator to open with (this browser tab's sessionStorage): the content type and the
 * prompt, and for an admin post the post the result may be applied to. The Search view's opportunities use it.
 */
import type { AiContentType } from '~/config/ai';

export const aiPrefillKey = 'ai-prefill';

export interface AiPrefill {
  type: AiContentType;
  prompt: string;
  /** The admin post whose title and description a meta-tags result may replace. */
  postId: string | null;
  page: string;
}

export function takeAiPrefill(): AiPrefill | null {
  try {
    const raw = sessionStorage.getItem(aiPrefillKey);
    if (!raw) return null;
    sessionStorage.removeItem(aiPrefillKey);
    return JSON.parse(raw) as AiPrefill;
  } catch {
    return null;
  }
}

export function leaveAiPrefill(prefill: AiPrefill) {
  sessionStorage.setItem(aiPrefillKey, JSON.stringify(prefill));
}
