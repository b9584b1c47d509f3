// @ts-check
// Endpoints that code outside their route names: the browser code that posts to them, the HTTP front's admission rules
// (src/server/platform/http/admission-limits.mjs), the start script and the load balancer's health check. Plain
// JavaScript: the front and the scripts run outside Astro's bundle. The beacon's endpoint is in ./analytics-wire.mjs
// (imported here, the beacon would load this module's chunk too).
export const publicEndpoints = {
  /** The contact form. */
  contact: '/api/contact',
  /** Starting a free audit. */
  audit: '/api/audit',
  /** The owner's sign-in: the password, then the two-factor code. */
  signIn: '/api/auth/sign-in',
  twoFactor: '/api/auth/two-factor',
  /** Asking for a password-reset link, and setting the new password with it. */
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
};

/** Readiness: the database answers. The start script asks it at boot; a load balancer asks it all the time. */
export const healthPath = '/api/health';
