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
import { BodyError, type IncomingBody, readFields } from '../../api/request-body';
import type { Db, DbKind } from '../../db';
import type { ServerConfig } from '../../platform/server-config';
import { recordSecurityEvent, type SecurityEventType } from '../security/events';
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

export function wantsPage(accept: string | null): boolean {
  return (accept ?? '').includes('text/html');
}

/** `client` is the resolved client address (the HTTP front applies TRUST_PROXY before Astro sees the request). */
/** What taking an enquiry needs (the runtime has all of it). */
export interface ContactDeps {
  db: Db;
  kind: DbKind;
  config: ServerConfig;
  clientHashSecret: string;
  kickOutbox: () => void;
}

export async function handleContact(runtime: ContactDeps, request: IncomingBody, client: string): Promise<HandlerOutcome> {
  const userAgent = request.header('user-agent');
  const wantsHtml = wantsPage(request.header('accept'));
  const security = { db: runtime.db, alertTo: runtime.config.contactTo };
  const record = (type: SecurityEventType, details: string) => recordSecurityEvent(security, type, details, userAgent);

  let fields: Record<string, string>;
  try {
    const body = await readFields(request);
    fields = body.fields;
    if (body.forbiddenKey) {
      await record('intrusion_attempt', 'prototype pollution keys in contact body');
      return { status: 400, body: { ok: false, error: 'The request contains fields that are not allowed.' }, wantsHtml };
    }
  } catch (error) {
    if (error instanceof BodyError) {
      await record('invalid_input', `contact: ${error.status} ${error.message}`);
      return { status: error.status, body: { ok: false, error: error.message }, wantsHtml: false };
    }
    throw error;
  }

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
