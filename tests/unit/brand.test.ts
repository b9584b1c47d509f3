import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brandColours } from '../../src/config/brand';

describe('brand colours', () => {
  it('the stylesheet declares the same colours as src/config/brand.ts', () => {
    const css = readFileSync('src/styles/global.css', 'utf8');
    for (const [name, value] of Object.entries(brandColours)) {
      const variable = `--color-${name.replace(/^brand/, 'brand-')}`;
      expect(css, variable).toContain(`${variable}: ${value};`);
    }
  });
});
