/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by /api/contact when a browser without JavaScript needs the form back with messages. */
    contactResult?: import('./server/features/contact/endpoint').HandlerOutcome;
    /** Set by /api/audit when a browser posted the audit form and it was refused: the form again, with the reason. */
    auditRefusal?: Extract<import('./server/features/audit/endpoint').StartOutcome, { ok: false }>;
    /** Set by /api/audit/{id}/report when a posted report request needs the form back with messages. */
    auditReport?: Extract<import('./server/features/audit/endpoint').ReportOutcome, { ok: false }>;
    /** Set by the middleware on admin routes: the signed-in owner's session, or null. */
    admin?: import('./server/features/auth/admin-auth').AdminSession | null;
    /** Set by the middleware on every on-demand route: the server's long-lived parts, made on first use. */
    runtime: () => Promise<import('./server/runtime').Runtime>;
  }
}

/** Set at build time by astro.config.mjs. */
declare const __BUILD_INFO__: { version: string; commit: string | null; builtAt: string; siteUrl: string };
