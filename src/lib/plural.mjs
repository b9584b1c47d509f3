// @ts-check
// Counts with their nouns ("1 notice", "4 errors", "0.5 points"): the one place English plural forms are chosen, by
// Intl.PluralRules rather than `n === 1` (which gets 1.0 and fractions wrong). Plain JavaScript with no imports, so the
// browser, the server, src/config's messages and the command-line scripts (run without the bundle) can all use it.

const rules = new Intl.PluralRules('en-GB');
const numbers = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/**
 * The noun for `count`: `one` for exactly one, `other` (by default `one` + "s") otherwise.
 * @param {number} count @param {string} one @param {string} [other]
 */
export function pluralWord(count, one, other = `${one}s`) {
  return rules.select(count) === 'one' ? one : other;
}

/**
 * The count, written as en-GB writes numbers ("1,204"), then its noun: plural(1, 'notice') is "1 notice",
 * plural(3, 'try', 'tries') is "3 tries".
 * @param {number} count @param {string} one @param {string} [other]
 */
export function plural(count, one, other) {
  return `${numbers.format(count)} ${pluralWord(count, one, other)}`;
}
