/**
 * Every scope of the one limiter (src/server/platform/limit.ts) with its window, as the feature that owns it declares
 * it: the registry the clean-up reads, so each scope's hits are kept for its own window and no longer. A new limit is
 * added here as well as in its feature; a scope missing here is kept for the longest window listed.
 */
import { generationWindow } from './ai/history';
import { auditWindows } from './audit/limits';
import { signInWindows } from './auth/throttle';
import { usedCodeWindow } from './auth/used-codes';
import { contactWindows } from './contact/leads';
import { checkNowWindow } from './watch/scheduler';
import { deleteExpiredHits, type LimitWindow } from '../platform/limit';
import type { Db } from '../db';

export const limitWindows: readonly LimitWindow[] = [
  ...Object.values(contactWindows),
  ...Object.values(signInWindows),
  usedCodeWindow,
  generationWindow,
  ...Object.values(auditWindows),
  checkNowWindow,
];

/** The hourly clean-up of the limiter's hits. */
export function deleteExpiredLimitHits(db: Db, now = Date.now()): Promise<void> {
  return deleteExpiredHits(db, limitWindows, now);
}
