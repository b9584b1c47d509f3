/**
 * AddressText: host names and addresses in a text are written to wrap only after a host's dots (each label one
 * unbreakable-by-hyphen block) and after a path's slashes; the text itself, and what it reads as, is unchanged.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddressText } from '../../src/components/ui/AddressText';

const render = (text: string) => renderToStaticMarkup(createElement(AddressText, { text }));
/** What the markup reads as: the tags dropped. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");
/** The label blocks of the hosts in the markup, in order. */
const labels = (html: string) => [...html.matchAll(/<span class="whitespace-nowrap" data-host-label="">([^<]*)<\/span>/g)].map((m) => m[1]);

describe('AddressText', () => {
  it('writes a host name as one block per label, a place to wrap after each dot and none inside a label', () => {
    const host = 'www.hatfield-artisan-sourdough.co.uk';
    const html = render(`${host} is down`);
    expect(labels(html)).toEqual(['www.', 'hatfield-artisan-sourdough.', 'co.', 'uk']);
    expect(html.match(/<wbr\/>/g)).toHaveLength(3);
    expect(textOf(html)).toBe(`${host} is down`);
  });

  it('keeps the scheme with the first label and lets the path wrap after its slashes', () => {
    const url = 'https://www.example.co.uk/blog/keeping-a-starter?page=2';
    const html = render(`Checked ${url}, answered 200.`);
    expect(labels(html)).toEqual(['https://www.', 'example.', 'co.', 'uk']);
    expect(html).toContain('<span class="[overflow-wrap:anywhere]" data-address-path="">/<wbr/>blog/<wbr/>keeping-a-starter?<wbr/>page=<wbr/>2</span>');
    expect(textOf(html)).toBe(`Checked ${url}, answered 200.`);
  });

  it('leaves text without a host name as it is: numbers, sentences, a lone path', () => {
    for (const text of ['123,456 impressions, 12.5% more', 'Position 7.4, e.g. the first page', '/services/local-seo']) {
      expect(render(text)).toBe(text);
    }
  });

  it('finds each host of a list and an e-mail address’s domain', () => {
    expect(labels(render('www.shop.example, shop.example'))).toEqual(['www.', 'shop.', 'example', 'shop.', 'example']);
    const html = render('client@shop.example');
    expect(textOf(html)).toBe('client@shop.example');
    expect(labels(html)).toEqual(['shop.', 'example']);
  });
});
