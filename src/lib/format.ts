const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '21 November 2026' */
export function formatDate(date: Date): string {
  return longDate.format(date);
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
