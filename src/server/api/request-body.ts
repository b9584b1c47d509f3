/** Reading a request body safely: size limit enforced while streaming, content types checked, JSON parsed. */
import type { IncomingMessage } from 'node:http';

export const maxBodyBytes = 32 * 1024;

export type BodyKind = 'json' | 'form';

export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
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
export async function readFields(request: IncomingBody): Promise<{ kind: BodyKind; fields: Record<string, string>; forbiddenKey: boolean }> {
  const kind = bodyKind(request.header('content-type'));
  if (!kind) throw new BodyError(415, 'Send the message as application/json or application/x-www-form-urlencoded.');
  const text = await readLimited(request, maxBodyBytes);
  const fields: Record<string, string> = Object.create(null);
  let forbiddenKey = false;
  if (kind === 'form') {
    for (const [name, value] of new URLSearchParams(text)) {
      if (forbiddenKeys.has(name)) forbiddenKey = true;
      else fields[name] = value;
    }
    return { kind, fields, forbiddenKey };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BodyError(400, 'The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new BodyError(400, 'The request body must be a JSON object.');
  for (const [name, value] of Object.entries(parsed)) {
    if (forbiddenKeys.has(name)) forbiddenKey = true;
    else if (typeof value === 'string') fields[name] = value;
  }
  // JSON.parse keeps "__proto__" as an own key, which Object.entries lists; check the raw text too for nested ones.
  if (/"(__proto__|constructor|prototype)"\s*:/.test(text)) forbiddenKey = true;
  return { kind, fields, forbiddenKey };
}
