// @ts-check
// The business's time zone: its calendar days (analytics, reports, search, enquiries), its clock in the admin, and
// posts' scheduled times. Plain JavaScript with no imports, so the search sync (run outside the bundle) and the
// browser read the same one.

/** The IANA zone the business's days and clock are in. */
export const ukTimeZone = 'Europe/London';
