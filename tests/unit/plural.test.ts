/** The one plural helper: Intl.PluralRules' en-GB forms, numbers written as en-GB writes them. */
import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from '../../src/lib/plural.mjs';

describe('plural', () => {
  it('uses the singular for exactly one, the plural for none, many and fractions', () => {
    expect(plural(1, 'notice')).toBe('1 notice');
    expect(plural(0, 'notice')).toBe('0 notices');
    expect(plural(4, 'error')).toBe('4 errors');
    expect(plural(1.5, 'point')).toBe('1.5 points');
    expect(plural(0.5, 'point')).toBe('0.5 points');
  });

  it('takes an irregular plural, and phrases whose verb agrees', () => {
    expect(plural(1, 'try', 'tries')).toBe('1 try');
    expect(plural(3, 'try', 'tries')).toBe('3 tries');
    expect(plural(1, 'enquiry', 'enquiries')).toBe('1 enquiry');
    expect(plural(2, 'message is', 'messages are')).toBe('2 messages are');
    expect(pluralWord(1, 'image has', 'images have')).toBe('image has');
    expect(pluralWord(7, 'view')).toBe('views');
  });

  it('writes thousands as en-GB does', () => {
    expect(plural(1204, 'page')).toBe('1,204 pages');
    expect(plural(-1, 'point')).toBe('-1 point');
  });
});
