/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by /api/contact when a browser without JavaScript needs the form back with messages. */
    contactResult?: import('./server/features/contact/endpoint').HandlerOutcome;
    /** Set by the middleware on admin routes: the signed-in owner's session, or null. */
    admin?: import('./server/features/auth/admin-auth').AdminSession | null;
    /** Set by the middleware on every on-demand route: the server's long-lived parts, made on first use. */
    runtime: () => Promise<import('./server/runtime').Runtime>;
  }
}

/** Set at build time by astro.config.mjs. */
declare const __BUILD_INFO__: { version: string; commit: string | null; builtAt: string };
