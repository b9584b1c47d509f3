/** Reading a request body safely: size limit enforced while streaming, content types checked, JSON parsed. */
import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error';

export const maxBodyBytes = 32 * 1024;

export type BodyKind = 'json' | 'form';

/** A body the server will not read: too large, of another type, not JSON, or carrying keys that are refused. */
export class BodyError extends HttpError {
  constructor(status: 400 | 413 | 415, message: string) {
    super(status, message);
  }
}

/** `__proto__`, `constructor` or `prototype` as a key: someone is probing for prototype pollution. */
export class ForbiddenKeys extends BodyError {
  constructor() {
    super(400, 'The request contains fields that are not allowed.');
  }
}

const notJson = () => new BodyError(400, 'The request body is not valid JSON.');
const notObject = () => new BodyError(400, 'The request body must be a JSON object.');
const forbiddenKeyText = /"(__proto__|constructor|prototype)"\s*:/;

/** A JSON object body of at most `limit` bytes (an admin post is larger than a form), any values; refused keys throw. */
export async function readJsonObject(request: IncomingBody, limit: number): Promise<Record<string, unknown>> {
  const text = await readLimited(request, limit);
  const parsed = parseObject(text);
  // JSON.parse keeps "__proto__" as an own key; the raw text shows nested ones too.
  if (forbiddenKeyText.test(text)) throw new ForbiddenKeys();
  return parsed;
}

/** The text as a JSON object, or the BodyError that says why not. */
function parseObject(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw notJson();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw notObject();
  return parsed as Record<string, unknown>;
}

export function bodyKind(contentType: string | null): BodyKind | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return null;
}

/** What the contact handler needs of a request. */
export interface IncomingBody {
  header(name: string): string | null;
  /** The body as chunks; reading stops (and the rest is discarded) once the limit is passed. */
  chunks(): AsyncIterable<Uint8Array>;
}

export function fromWebRequest(request: Request): IncomingBody {
  return {
    header: (name) => request.headers.get(name),
    chunks: () => (request.body ?? []) as AsyncIterable<Uint8Array>,
  };
}

/** A Node request, as the HTTP front holds it before any router. */
export function fromNodeRequest(request: IncomingMessage): IncomingBody {
  return {
    header(name) {
      const value = request.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    chunks: () => request,
  };
}

const tooLarge = (limit: number) => new BodyError(413, `The request body must be at most ${limit / 1024} KB.`);

export async function readLimited(request: IncomingBody, limit: number): Promise<string> {
  if (Number(request.header('content-length')) > limit) throw tooLarge(limit);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.chunks()) {
    size += chunk.byteLength;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

/** Returns the body as a flat record of strings; nested values are ignored. */
export async function readFields(
  request: IncomingBody,
  limit = maxBodyBytes,
): Promise<{ kind: BodyKind; fields: Record<string, string>; forbiddenKey: boolean }> {
  const kind = bodyKind(request.header('content-type'));
  if (!kind) throw new BodyError(415, 'Send the message as application/json or application/x-www-form-urlencoded.');
  const text = await readLimited(request, limit);
  const fields: Record<string, string> = Object.create(null);
  let forbiddenKey = false;
  if (kind === 'form') {
    for (const [name, value] of new URLSearchParams(text)) {
      if (forbiddenKeys.has(name)) forbiddenKey = true;
      else fields[name] = value;
    }
    return { kind, fields, forbiddenKey };
  }
  for (const [name, value] of Object.entries(parseObject(text))) {
    if (forbiddenKeys.has(name)) forbiddenKey = true;
    else if (typeof value === 'string') fields[name] = value;
  }
  // JSON.parse keeps "__proto__" as an own key, which Object.entries lists; check the raw text too for nested ones.
  if (forbiddenKeyText.test(text)) forbiddenKey = true;
  return { kind, fields, forbiddenKey };
}
