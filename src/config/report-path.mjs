// @ts-check
// Where a client's report link lives, in plain JavaScript: the HTTP front (outside the TypeScript build) keeps these
// addresses private too, even when it only redirects them. report.ts builds `reportPaths` from it.

/** Every client's report link starts with this; what follows is the link's token. */
export const sharedReportPrefix = '/reports/';

/** The headers of every answer at a report link: never cached or indexed, the token never sent on as a referrer. */
export const sharedReportHeaders = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
};
