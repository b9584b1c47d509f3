/**
 * A time-based code is good once (RFC 6238 §5.2): the verifier accepts a code for about 90 s (its 30 s step and one
 * on each side), so without this anyone who saw a code could sign in with it again inside that window. A code is
 * claimed, atomically, before it is checked: of two requests with one code, one gets the claim. A claim on the one
 * limiter (`claimOnce`), under a keyed hash of account and code; the clean-up removes it after its window.
 */
import type { Db } from '../../db';
import { claimOnce, type LimitWindow, releaseClaim } from '../../platform/limit';

/** Longer than any code stays valid (three 30-second steps). */
export const usedCodeMemoryMs = 3 * 60_000;
export const usedCodeWindow = { scope: 'two-factor:used-code', windowMs: usedCodeMemoryMs } satisfies LimitWindow;

/** True when the code was not used in the last few minutes and is now claimed; false for a replay. */
export async function claimCode(db: Db, key: string, now = Date.now()): Promise<boolean> {
  return claimOnce(db, { ...usedCodeWindow, key, now });
}

/** A code that turned out wrong is not spent. */
export async function releaseCode(db: Db, key: string): Promise<void> {
  await releaseClaim(db, usedCodeWindow.scope, key);
}
