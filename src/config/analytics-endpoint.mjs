// The analytics beacon's endpoint, the one place it is written. Plain JavaScript so the HTTP front's admission rules
// (src/server/platform/http/admission-limits.mjs) read it outside the bundle. In the browser only the beacon imports it
// (through ./analytics-wire), so it stays in the beacon's chunk: no other browser code may import this file directly.
export const analyticsEndpoint = '/api/event';
