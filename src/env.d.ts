/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by /api/contact when a browser without JavaScript needs the form back with messages. */
    contactResult?: import('./server/contact-handler').HandlerOutcome;
    /** Set by the middleware on admin routes: the signed-in owner's session, or null. */
    admin?: import('./server/auth/admin-auth').AdminSession | null;
  }
}

/** Set at build time by astro.config.mjs. */
declare const __BUILD_INFO__: { version: string; commit: string | null; builtAt: string };
