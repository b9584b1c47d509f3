/** IndexNow switched off: each reason the server finds has words for the owner saying how to switch it on. */
import { expect, it } from 'vitest';
import { indexNowOffText } from '../../src/config/admin';
import { indexNowOffKind, indexNowOffReason } from '../../src/server/features/indexnow/eligibility.mjs';

it('every reason IndexNow is off is told in words, with how to switch it on', () => {
  const cases = [
    ['https://www.hale-digital.example', undefined, 'no-key'],
    ['http://www.hale-digital.example', 'a-key-of-sorts', 'not-https'],
    ['https://127.0.0.1:8080', 'a-key-of-sorts', 'not-public'],
    ['https://www.hale-digital.example', 'a-key-of-sorts', null],
  ] as const;
  for (const [siteUrl, key, kind] of cases) {
    expect(indexNowOffKind(siteUrl, key), siteUrl).toBe(kind);
    // The command line keeps the settings' names.
    expect(indexNowOffReason(siteUrl, key) === null, siteUrl).toBe(kind === null);
  }
  for (const [kind, text] of Object.entries(indexNowOffText)) {
    // The reason is in words: no setting's name dumped into it.
    expect(text.reason, kind).not.toMatch(/[A-Z]{2,}_[A-Z]+/);
    expect(text.howTo, kind).toMatch(/^(To switch it on|It switches on)/);
  }
});
