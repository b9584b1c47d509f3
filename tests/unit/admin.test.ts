import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  adminGroups,
  adminPages,
  adminPaths,
  adminPlace,
  adminTabs,
  dashboardTitle,
  deliveryLabels,
  groupOf,
  groupTabs,
  parseTab,
  resetPasswordCommand,
} from '../../src/config/admin';
import { DeliveryState } from '../../src/components/admin/labels';
import type { Delivery } from '../../src/lib/admin-types';
import { codeForm, signInForm } from '../../src/lib/admin-forms';
import { formatRelative, spreadsheetLocalTime } from '../../src/lib/format';
import { foldForSearch } from '../../src/server/db/search-text.mjs';
import { safeNext } from '../../src/lib/safe-next';
import { describeBrowser } from '../../src/components/admin/user-agent';
import { csvCell, toCsv } from '../../src/server/api/csv';

describe('the return address after sign-in', () => {
  it('keeps local paths with their query and fragment', () => {
    expect(safeNext('/admin/leads?q=bakery#top', adminPaths.home)).toBe('/admin/leads?q=bakery#top');
  });
  it.each([
    '//evil.example/',
    '/\\evil.example',
    'https://evil.example/admin',
    'javascript:alert(1)',
    'admin',
    '',
    null,
    '/%0a/x\n',
    // Normalised, these become //evil.example/phish: a dot segment or a backslash must not hide the second slash.
    '/.//evil.example/phish',
    '/./\\evil.example/phish',
    '/admin/..//evil.example/',
    '/%2e//evil.example/',
    '/.%2e//evil.example/',
  ])('refuses %j', (value) => {
    expect(safeNext(value, adminPaths.home)).toBe(adminPaths.home);
  });
});

describe('CSV export cells', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+SUM(A1)', `"'+SUM(A1)"`],
    ['-2', `"'-2"`],
    ['@cmd', `"'@cmd"`],
    ['\tx', `"'\tx"`],
    ['Plain "quoted", comma', '"Plain ""quoted"", comma"'],
    ['a-b=c', '"a-b=c"'],
    [null, '""'],
  ])('%j → %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
  it('starts with a byte-order mark and ends every row with CRLF', () => {
    expect(toCsv(['A', 'B'], [['1', 'Zoë']])).toBe('\uFEFF"A","B"\r\n"1","Zoë"\r\n');
  });
});

describe('admin forms', () => {
  it('takes a 6-digit code or a backup code in one field, with or without spaces or dashes, in any case', () => {
    for (const typed of ['123456', '123 456', '123-456', ' 12 34 56 '])
      expect(codeForm.safeParse({ code: typed }), typed).toMatchObject({ success: true, data: { code: { method: 'totp', code: '123456' } } });
    for (const typed of ['ABCDE-FGHJK', 'abcdefghjk', 'abcde fghjk', 'Abc-de-Fghjk'])
      expect(codeForm.safeParse({ code: typed }), typed).toMatchObject({ success: true, data: { code: { method: 'backup', code: 'ABCDE-FGHJK' } } });
    for (const typed of ['12345', '1234567', '', 'abc!defghij', 'x'.repeat(65)]) expect(codeForm.safeParse({ code: typed }).success, typed).toBe(false);
  });
  it('names each missing sign-in field in en-GB', () => {
    const result = signInForm.safeParse({ email: '', password: '' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual(['Enter your e-mail address.', 'Enter your password.']);
  });
});

describe('dashboard tabs', () => {
  it('reads the tab from the URL, defaulting to the overview', () => {
    expect(parseTab('settings')).toBe('settings');
    expect(parseTab('nonsense')).toBe('overview');
    expect(parseTab(null)).toBe(adminTabs[0].id);
    expect(adminPaths.tab('overview')).toBe(adminPaths.home);
  });

  it('puts every tab and admin page in exactly one group of the navigation, each reached at its own address', () => {
    const places = adminGroups.flatMap((g) => [...g.places]);
    expect([...places].sort()).toEqual([...adminTabs.map((t) => t.id), ...adminPages.map((p) => p.id)].sort());
    expect(new Set(places.map((id) => adminPlace(id).href)).size).toBe(places.length);
    expect(adminPlace('sites').href).toBe(adminPaths.tab('sites'));
    expect(adminPlace('leads').href).toBe(adminPaths.leads);
    expect(groupOf('alerts').places).toContain('sites');
  });

  it("heads the dashboard with the group, or the tab itself when it is its group's only one", () => {
    for (const tab of adminTabs) {
      const group = groupOf(tab.id);
      expect(dashboardTitle(tab.id)).toBe(groupTabs(group).length > 1 ? group.label : tab.label);
    }
    expect(groupTabs(groupOf('performance')).map((t) => t.id)).toEqual(['overview', 'performance', 'testing']);
  });
});

describe('times and browsers as the owner reads them', () => {
  const now = Date.UTC(2026, 10, 22, 12, 0, 0);
  it.each([
    [now - 10_000, 'just now'],
    [now - 5 * 60_000, '5 minutes ago'],
    [now - 3 * 3_600_000, '3 hours ago'],
    [now - 86_400_000, 'yesterday'],
    [now + 2 * 3_600_000, 'in 2 hours'],
  ])('%i → %s', (at, text) => {
    expect(formatRelative(at, now)).toBe(text);
  });
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (Linux; Android 15) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36', 'Chrome on Android'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/140.0 Safari/537.36 Edg/140.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:130.0) Gecko/20100101 Firefox/130.0', 'Firefox on Mac'],
    [null, 'Unknown browser'],
  ])('%s → %s', (ua, text) => {
    expect(describeBrowser(ua)).toBe(text);
  });
});

describe('cockpit facts in one place', () => {
  it("gives the owner's local time as spreadsheets sort it, in GMT and in BST", () => {
    expect(spreadsheetLocalTime(Date.UTC(2026, 10, 25, 14, 5, 9))).toBe('2026-11-25 14:05:09 GMT');
    expect(spreadsheetLocalTime(Date.UTC(2026, 6, 1, 14, 5, 9))).toBe('2026-07-01 15:05:09 BST');
  });
  it('folds accents and case for search', () => {
    expect(foldForSearch('Zoë ÜNAL, Café')).toBe('zoe unal, cafe');
  });
  it('tells the owner the server command beside the SMTP setting and in the README', () => {
    for (const file of ['README.md', 'docs/configuration.md']) expect(readFileSync(file, 'utf8'), file).toContain(resetPasswordCommand);
  });
});

describe('an enquiry e-mail state as the owner reads it', () => {
  const now = Date.UTC(2026, 10, 25, 14, 0);
  const html = (delivery: Delivery) =>
    renderToStaticMarkup(createElement(DeliveryState, { delivery, now }))
      .replace(/<!-- -->/g, '')
      .replace(/&#x27;/g, "'");
  const waiting = { state: 'waiting' as const, sentAt: null, attempts: 1, lastError: null };

  it('says e-mail is not set up instead of a next try that will never come', () => {
    const text = html({ ...waiting, state: 'not-set-up', nextAttemptAt: null });
    expect(text).toContain(deliveryLabels['not-set-up']);
    expect(text).not.toContain('next try');
  });
  it('gives the next try as now, or as a time to come', () => {
    expect(html({ ...waiting, nextAttemptAt: now })).toContain('next try now');
    expect(html({ ...waiting, nextAttemptAt: now + 5 * 60_000 })).toContain('(in 5 minutes)');
  });
});
