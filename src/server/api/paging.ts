/**
 * The page of a list a request asks for (`?page=`), as one that exists: a whole number from 1 to `pages`. The number
 * comes from the address, so it may be anything `Number()` makes of text (2.5, NaN, 1e300); a fraction reached the
 * database as an OFFSET and failed the request on both databases.
 */
export function pageWithin(asked: number | undefined, pages: number): number {
  const whole = Math.floor(asked ?? 1);
  return Number.isFinite(whole) ? Math.min(Math.max(1, whole), pages) : whole > 0 ? pages : 1;
}
