/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Set by /api/contact when a browser without JavaScript needs the form back with messages. */
    contactResult?: import('./server/contact-handler').HandlerOutcome;
  }
}
