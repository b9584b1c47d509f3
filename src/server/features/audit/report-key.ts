/**
 * The key to an audit's report by e-mail. Whoever asks for an audit (or is shown a recent audit of the same site) gets
 * a random key of their own in a cookie of that browser; "Email me the full report" needs it, and each key sends one
 * report. Only the key's hash is stored, and it is compared in constant time. The cookie is HttpOnly, SameSite=Strict,
 * ends with the browser session, and is sent only to that audit's report endpoint and its results page (which shows
 * the form only to the browser holding a key).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { auditLimits } from '~/config/audit';
import { paths } from '~/config/paths';
import { dayMs } from '~/lib/days.mjs';
import type { Db } from '../../db';

/** What a browser's key says about one audit's report: none (or not this audit's), not yet sent, or sent. */
export type ReportKeyState = { held: false } | { held: true; hash: string; sent: boolean };

const hashOf = (key: string) => createHash('sha256').update(key).digest();

/** The cookie's name: one per audit; `__Secure-` over HTTPS, as the admin's cookies are named. */
const cookieName = (id: string, secure: boolean) => `${secure ? '__Secure-' : ''}hale-audit-${id}`;

/** Makes a new key for this audit and stores its hash; returns the key, for the browser's cookie only. */
export async function issueReportKey(db: Db, id: string, now = Date.now()): Promise<string> {
  const key = randomBytes(32).toString('base64url');
  await db
    .insertInto('audit_report_tokens')
    .values({ token_hash: hashOf(key).toString('hex'), audit_id: id, created_at: now, sent_at: null })
    .execute();
  return key;
}

/** The Set-Cookie lines that give the key to the browser: for the report endpoint and for the results page. */
export function reportKeyCookies(id: string, key: string, secure: boolean): string[] {
  const attributes = `HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  return [paths.auditReport(id), paths.auditResult(id)].map((path) => `${cookieName(id, secure)}=${key}; Path=${path}; ${attributes}`);
}

/** The key this request carries for this audit, if any. */
export function reportKeyFrom(cookieHeader: string | null, id: string, secure: boolean): string | null {
  const name = cookieName(id, secure);
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || null;
  }
  return null;
}

/** Whether `key` is one of this audit's keys, compared with each stored hash in constant time. */
export async function reportKeyState(db: Db, id: string, key: string | null): Promise<ReportKeyState> {
  if (!key) return { held: false };
  const rows = await db.selectFrom('audit_report_tokens').select(['token_hash', 'sent_at']).where('audit_id', '=', id).execute();
  const given = hashOf(key);
  let found: ReportKeyState = { held: false };
  for (const row of rows) {
    const stored = Buffer.from(row.token_hash, 'hex');
    // Every row is compared, so the time taken says nothing about which matched.
    if (stored.length === given.length && timingSafeEqual(stored, given)) found = { held: true, hash: row.token_hash, sent: row.sent_at !== null };
  }
  return found;
}

/** Spends the key's one report; false when it was spent already (two requests at once: one gets it). */
export async function claimReportKey(db: Db, hash: string, now = Date.now()): Promise<boolean> {
  const claimed = await db
    .updateTable('audit_report_tokens')
    .set({ sent_at: now })
    .where('token_hash', '=', hash)
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** A report that was then refused (a limit, a failure) does not spend the key. */
export async function releaseReportKey(db: Db, hash: string): Promise<void> {
  await db.updateTable('audit_report_tokens').set({ sent_at: null }).where('token_hash', '=', hash).execute();
}

/** The clean-up: keys go with their audits, after `auditLimits.retentionDays`. */
export async function deleteOldReportKeys(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('audit_report_tokens')
    .where('created_at', '<', now - auditLimits.retentionDays * dayMs)
    .execute();
}
