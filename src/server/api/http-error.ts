/**
 * The one error a feature throws to answer a request with a status: the route kit (`route.ts`) turns it into
 * `{ ok: false, error, errors?, ... }` with its headers. Anything else thrown is the server's fault: logged, and
 * answered 503 with Retry-After (the database did not answer), never a 500 or a hang.
 */
export interface HttpErrorDetail {
  /** Field messages, as a form shows them beside its fields. */
  errors?: Record<string, string | undefined>;
  /** More of the answer's body (a post's conflicting version, a limit's minutes). */
  extra?: Record<string, unknown>;
  /** Sent as Retry-After (a 429 or a 503). */
  retryAfterSeconds?: number;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    /** The sentence the admin or the page shows; null when the field messages say it all. */
    message: string | null,
    readonly detail: HttpErrorDetail = {},
  ) {
    super(message ?? '');
  }

  /** The answer's JSON body. */
  body(): { ok: false; error?: string; errors?: Record<string, string | undefined> } & Record<string, unknown> {
    return {
      ok: false,
      ...(this.message ? { error: this.message } : {}),
      ...(this.detail.errors ? { errors: this.detail.errors } : {}),
      ...this.detail.extra,
    };
  }

  headers(): Record<string, string> {
    const retry = this.detail.retryAfterSeconds;
    return { ...(retry === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retry))) }), ...this.detail.headers };
  }
}

/** Bad input in named fields: a 400 whose body carries the field messages. */
export const invalidFields = (errors: Record<string, string | undefined>, message: string | null = null) => new HttpError(400, message, { errors });
