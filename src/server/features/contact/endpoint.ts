/** POST /api/contact: in a fixed order (honeypot, rate limit, fields) with every outcome recorded. */
import { contactLimits } from '~/config/contact';
import { securitySentences } from '~/config/security-log';
import { checklist } from '~/config/checklist';
import {
  type ContactField,
  type ContactResponse,
  contactFields,
  contactMessages,
  honeypotField,
  looksLikeMarkup,
  parseRequestType,
  rateLimitText,
  validateContact,
} from '~/lib/contact';
import { hashClient } from '../../platform/client-hash';
import { acceptSubmission, type LimitReason, rateLimitStatus } from './leads';
import { type BodyError, ForbiddenKeys } from '../../api/request-body';
import type { Db, DbKind } from '../../db';
import type { ServerConfig } from '../../platform/server-config';
import { recordSecurityEvent, type SecurityEventType } from '../security';
import { errorField, log } from '../../platform/log.mjs';

export interface HandlerOutcome {
  status: number;
  body: ContactResponse;
  /** Cleaned values to show again when a browser without JavaScript gets the form back. */
  values?: Partial<Record<ContactField | 'type', string>>;
  headers?: Record<string, string>;
  /** True for form posts from browsers that expect a page rather than JSON. */
  wantsHtml: boolean;
}

export const storageFailureText = contactMessages.storageFailure;

/** What taking an enquiry needs (the runtime has all of it). */
export interface ContactDeps {
  db: Db;
  kind: DbKind;
  config: ServerConfig;
  clientHashSecret: string;
  kickOutbox: () => void;
}

/** A body the route kit refused before the form was read is a security event: a probe, or a broken client. */
export async function recordRefusedBody(runtime: ContactDeps, error: BodyError, userAgent: string | null): Promise<void> {
  const security = { db: runtime.db, alertTo: runtime.config.contactTo };
  if (error instanceof ForbiddenKeys) await recordSecurityEvent(security, 'intrusion_attempt', 'prototype pollution keys in contact body', userAgent);
  else await recordSecurityEvent(security, 'invalid_input', `contact: ${error.status} ${error.message}`, userAgent);
}

/**
 * A message from the form's fields (read by the route kit). `client` is the resolved client address (the HTTP front
 * applies TRUST_PROXY before Astro sees the request); `wantsHtml`: a browser without JavaScript posted the form.
 */
export async function handleContact(
  runtime: ContactDeps,
  fields: Record<string, string>,
  from: { client: string; userAgent: string | null; wantsHtml: boolean },
): Promise<HandlerOutcome> {
  const { client, userAgent, wantsHtml } = from;
  const security = { db: runtime.db, alertTo: runtime.config.contactTo };
  const record = (type: SecurityEventType, details: string) => recordSecurityEvent(security, type, details, userAgent);

  const requestType = parseRequestType(fields.type);
  // Whoever asks for the checklist gets it straight away; the owner hears who asked.
  const sent = (id: string): ContactResponse => (requestType === 'seo-checklist' ? { ok: true, id, download: checklist.path } : { ok: true, id });
  if ((fields[honeypotField] ?? '').trim() !== '') {
    await record('honeypot_triggered', 'contact form honeypot field was filled');
    // Answer exactly as for a real message so the bot learns nothing.
    return { status: 200, body: sent(crypto.randomUUID()), wantsHtml };
  }

  const suspicious = contactFields.filter((field) => looksLikeMarkup(fields[field] ?? ''));
  if (suspicious.length > 0) await record('suspicious_activity', `markup or script removed from: ${suspicious.join(', ')}`);

  const clientHash = hashClient(client, runtime.clientHashSecret);
  const tooMany = (minutes: number): HandlerOutcome => ({
    status: 429,
    body: { ok: false, error: rateLimitText(minutes), retryAfterMinutes: minutes },
    headers: { 'Retry-After': String(minutes * 60) },
    wantsHtml,
  });

  const result = validateContact(fields);
  /**
   * An enquiry the limit turns away is lost business unless the owner hears of it: when its name and e-mail address
   * are valid it is logged with them (kept as long as enquiries), so they can be called back; otherwise it is a plain
   * rate-limit event.
   */
  const refuse = async (minutes: number, reason: LimitReason) => {
    if (result.ok) {
      const limit = reason === 'sender' ? contactLimits.maxSubmissions : contactLimits.maxPerAddress;
      const sentence = securitySentences.enquiryRefused(result.data.name, result.data.email, client, reason, limit, contactLimits.windowMinutes);
      await recordSecurityEvent(security, 'enquiry_refused', sentence, userAgent, {
        address: client,
        emailTried: result.data.email,
        nameTried: result.data.name,
      });
    } else await record('rate_limit_exceeded', `contact: blocked for ${minutes} min`);
    return tooMany(minutes);
  };
  const limit = await rateLimitStatus(runtime.db, clientHash, result.ok ? result.data.email : undefined);
  if (limit.limited) return refuse(limit.retryAfterMinutes, limit.reason);

  const values = { ...result.data, type: requestType };
  if (!result.ok) {
    await record('validation_error', `contact: invalid ${Object.keys(result.errors).join(', ')}`);
    return { status: 400, body: { ok: false, error: contactMessages.validationText, errors: result.errors }, values, wantsHtml };
  }

  try {
    const accepted = await acceptSubmission(runtime.db, runtime.kind, {
      clientHash,
      data: result.data,
      requestType,
      notify: runtime.config.contactTo,
    });
    if (!accepted.accepted) return refuse(accepted.retryAfterMinutes, accepted.reason);
    runtime.kickOutbox();
    return { status: 201, body: sent(accepted.id), wantsHtml };
  } catch (error) {
    log.error(errorField(error), '[contact] could not store message');
    return { status: 503, body: { ok: false, error: storageFailureText }, values, wantsHtml };
  }
}
