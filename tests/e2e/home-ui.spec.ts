import { expect, type Page, test } from '@playwright/test';
import { business } from '../../src/config/business';
import { a11yMessages } from '../../src/config/accessibility';
import { paths } from '../../src/config/paths';
import { axeViolations, expectNoAxeViolations } from '../support/e2e-helpers';

const storageKey = 'a11y-preferences';
const html = (page: Page) => page.locator('html');
const panel = (page: Page) => page.locator('#a11y-panel');
const launcher = (page: Page) => page.locator('#a11y-launcher');

async function openPanelWithKeyboard(page: Page) {
  await launcher(page).focus();
  await page.keyboard.press('Enter');
  await expect(panel(page)).toBeVisible();
}

function savePrefs(page: Page, prefs: Record<string, unknown>) {
  return page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [storageKey, JSON.stringify(prefs)] as const,
  );
}

test.describe('accessibility panel', () => {
  test('works with the keyboard alone: focus moves in, stays in, Escape closes and focus returns', async ({ page }) => {
    await page.goto('/');
    await openPanelWithKeyboard(page);
    expect(await page.evaluate(() => document.getElementById('a11y-panel')!.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.getElementById('a11y-panel')!.contains(document.activeElement)), `Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.getElementById('a11y-panel')!.contains(document.activeElement))).toBe(true);
    // Toggle a switch with the space bar.
    await panel(page)
      .getByRole('switch', { name: /Highlight Links/ })
      .focus();
    await page.keyboard.press('Space');
    await expect(html(page)).toHaveAttribute('data-a11y-links', '');
    await page.keyboard.press('Escape');
    await expect(panel(page)).toBeHidden();
    await expect(launcher(page)).toBeFocused();
  });

  test('is not in the page until its script adds it, and says so when it cannot be loaded; the next press opens it', async ({ page }) => {
    let offline = true;
    await page.route(`**${paths.accessibilityPanel}`, (route) => (offline ? route.abort() : route.continue()));
    await page.goto('/');
    expect(await page.content()).not.toContain('id="a11y-panel"');
    await launcher(page).click();
    await expect(page.getByRole('alert').filter({ hasText: a11yMessages.unavailableTitle })).toBeAttached();
    await expect(panel(page)).toBeHidden();
    offline = false;
    await launcher(page).click();
    await expect(panel(page)).toBeVisible();
  });

  test('is a labelled modal dialog with every control named', async ({ page }) => {
    await page.goto('/');
    await openPanelWithKeyboard(page);
    await expect(page.getByRole('dialog', { name: 'Accessibility options' })).toBeVisible();
    for (const name of ['High Contrast Mode', 'Grayscale Mode', 'Increase Line Spacing', 'Dyslexia-Friendly Font', 'Highlight Links']) {
      await expect(panel(page).getByRole('switch', { name: new RegExp(name) })).not.toBeChecked();
    }
    await expect(panel(page).getByText('WCAG 2.1 AA and the UK Equality Act 2010')).toBeVisible();
    await expectNoAxeViolations(page, 'accessibility panel', '#a11y-panel');
  });

  test('font size moves in steps of 10 between 80 and 150, with buttons disabled at the bounds', async ({ page }) => {
    await page.goto('/');
    await openPanelWithKeyboard(page);
    const value = panel(page).locator('[data-a11y-font-value]');
    const up = panel(page).getByRole('button', { name: 'Increase font size' });
    const down = panel(page).getByRole('button', { name: 'Decrease font size' });
    await expect(value).toHaveText('100%');
    const rootSize = () => page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
    expect(await rootSize()).toBe('16px');
    for (const expected of [110, 120, 130, 140, 150]) {
      await up.click();
      await expect(value).toHaveText(`${expected}%`);
    }
    await expect(up).toBeDisabled();
    expect(await rootSize()).toBe('24px');
    await expect(down).toBeFocused();
    for (const expected of [140, 130, 120, 110, 100, 90, 80]) {
      await down.click();
      await expect(value).toHaveText(`${expected}%`);
    }
    await expect(down).toBeDisabled();
    await expect(up).toBeEnabled();
    expect(await rootSize()).toBe('12.8px');
  });

  test('each switch changes the page as it says', async ({ page }) => {
    const fontRequests: string[] = [];
    page.on('request', (r) => r.url().includes('opendyslexic') && fontRequests.push(r.url()));
    await page.goto('/');
    await openPanelWithKeyboard(page);
    const toggle = (name: string) =>
      panel(page)
        .getByRole('switch', { name: new RegExp(name) })
        .check();

    await toggle('High Contrast Mode');
    await expect(html(page)).toHaveAttribute('data-a11y-contrast', '');
    const hero = page.locator('main h1');
    expect(await hero.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 0, 0)');
    expect(await page.locator('footer').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');

    await toggle('Grayscale Mode');
    expect(await page.locator('main').evaluate((el) => getComputedStyle(el).filter)).toBe('grayscale(1)');

    await toggle('Increase Line Spacing');
    const lead = page.locator('main p').first();
    const ratio = await lead.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) / parseFloat(getComputedStyle(el).fontSize));
    expect(ratio).toBeGreaterThanOrEqual(1.8);

    expect(fontRequests).toEqual([]);
    await toggle('Dyslexia-Friendly Font');
    expect(await hero.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('OpenDyslexic');
    await expect.poll(() => fontRequests.length).toBeGreaterThan(0);

    await toggle('Highlight Links');
    // Links fade between colours, so wait for the transition to end.
    await expect
      .poll(() =>
        page
          .locator('main a')
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      )
      .toBe('rgb(254, 240, 138)');

    await panel(page)
      .getByRole('switch', { name: /High Contrast Mode/ })
      .uncheck();
    await expect(html(page)).not.toHaveAttribute('data-a11y-contrast', '');
  });

  test('settings persist across reloads and pages, and Reset All Settings clears them with a confirmation', async ({ page }) => {
    await page.goto('/');
    await openPanelWithKeyboard(page);
    await panel(page).getByRole('button', { name: 'Increase font size' }).click();
    await panel(page)
      .getByRole('switch', { name: /High Contrast Mode/ })
      .check();
    await panel(page)
      .getByRole('switch', { name: /Dyslexia-Friendly Font/ })
      .check();
    await page.keyboard.press('Escape');

    await page.reload();
    await expect(html(page)).toHaveAttribute('data-a11y-contrast', '');
    await expect(html(page)).toHaveAttribute('data-a11y-font', '');
    await expect(html(page)).toHaveAttribute('style', /font-size: 110%/);
    await page.goto('/about');
    await expect(html(page)).toHaveAttribute('data-a11y-contrast', '');
    await openPanelWithKeyboard(page);
    await expect(panel(page).getByRole('switch', { name: /High Contrast Mode/ })).toBeChecked();
    await expect(panel(page).locator('[data-a11y-font-value]')).toHaveText('110%');

    await panel(page).getByRole('button', { name: 'Reset All Settings' }).click();
    await expect(html(page)).not.toHaveAttribute('data-a11y-contrast', '');
    await expect(html(page)).not.toHaveAttribute('data-a11y-font', '');
    await expect(panel(page).locator('[data-a11y-font-value]')).toHaveText('100%');
    await expect(page.locator('[data-toast-card]')).toContainText('Settings Reset');
    await expect(page.locator('[data-toast-card]')).toContainText('All accessibility settings have been reset to default.');
    await expect(page.getByRole('status').filter({ hasText: 'Settings Reset' })).toHaveCount(1);
    expect(await page.evaluate((key) => localStorage.getItem(key), storageKey)).toBeNull();
    await page.reload();
    await expect(html(page)).not.toHaveAttribute('data-a11y-contrast', '');
  });

  test('saved settings are in place before the page body exists (no flash of default styles)', async ({ page }) => {
    await savePrefs(page, { fontSize: 130, contrast: true, grayscale: false, lineHeight: true, readableFont: false, highlightLinks: false });
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        const root = document.documentElement;
        (window as unknown as { firstBody: unknown }).firstBody = {
          contrast: root.hasAttribute('data-a11y-contrast'),
          spacing: root.hasAttribute('data-a11y-spacing'),
          fontSize: root.style.fontSize,
          modesStylesheetHoldsPaint: document.querySelector('head link#a11y-modes')?.getAttribute('blocking') === 'render',
        };
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/services');
    expect(await page.evaluate(() => (window as unknown as { firstBody: unknown }).firstBody)).toEqual({
      contrast: true,
      spacing: true,
      fontSize: '130%',
      modesStylesheetHoldsPaint: true,
    });
    // The modes' stylesheet is applied (high contrast: black text).
    const firstPaintColour = await page.evaluate(() => getComputedStyle(document.querySelector('main h1')!).color);
    expect(firstPaintColour).toBe('rgb(0, 0, 0)');
  });

  test('follows the system request for more contrast until the visitor chooses', async ({ browser }) => {
    const context = await browser.newContext({ contrast: 'more' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(html(page)).toHaveAttribute('data-a11y-contrast', '');
    await context.close();
  });
});

test.describe('axe on the home page in every panel mode', () => {
  const modes: [string, Record<string, unknown>][] = [
    ['default', {}],
    ['high contrast', { contrast: true }],
    ['grayscale', { grayscale: true }],
    ['line spacing', { lineHeight: true }],
    ['dyslexia font', { readableFont: true }],
    ['highlight links', { highlightLinks: true }],
    ['font size 150%', { fontSize: 150 }],
  ];
  for (const width of [390, 1280]) {
    // One page per width, each mode saved and the page loaded again, as a visitor's next visit would show it.
    test(`each mode at ${width} px`, async ({ browser }) => {
      // One full axe run per mode: a few seconds each on a quiet machine, far more on a loaded one.
      test.setTimeout(240_000);
      // Reduced motion shows every section at once, so axe checks all of them.
      const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto('/');
      for (const [name, prefs] of modes) {
        await page.evaluate(([key, value]) => localStorage.setItem(key, value), [storageKey, JSON.stringify(prefs)] as const);
        await page.reload();
        expect.soft(await axeViolations(page), `${name} at ${width} px`).toEqual([]);
      }
      await context.close();
    });
  }
});

test.describe('mobile bar', () => {
  for (const [width, visible] of [
    [390, true],
    [768, true],
    [769, false],
    [1280, false],
  ] as const) {
    test(`is ${visible ? 'shown' : 'hidden'} at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const bar = page.getByRole('navigation', { name: 'Quick actions' });
      if (!visible) {
        await expect(bar).toBeHidden();
        return;
      }
      await expect(bar).toBeVisible();
      await expect(bar.getByRole('link', { name: 'Get a Free Audit' })).toHaveAttribute('href', paths.freeAudit);
      await expect(bar.getByRole('link', { name: 'Book a 15-min call' })).toHaveAttribute('href', '/contact?type=call');
      await expect(bar.getByRole('link', { name: `Call ${business.owner.name}` })).toHaveAttribute('href', /^tel:\+44/);
    });
  }

  for (const fontSize of [100, 150]) {
    test(`never covers the footer or a focused element (font size ${fontSize}%)`, async ({ page }) => {
      await savePrefs(page, { fontSize });
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto('/');
      const bar = page.getByRole('navigation', { name: 'Quick actions' });
      const barTop = async () => (await bar.boundingBox())!.y;
      for (const link of await bar.getByRole('link').all()) {
        const box = (await link.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(390);
      }
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const lastFooterLine = await page.locator('footer p').last().boundingBox();
      expect(lastFooterLine!.y + lastFooterLine!.height).toBeLessThanOrEqual(await barTop());
      // Focus elements across the page: each focused one is clear of the bar.
      await page.evaluate(() => window.scrollTo(0, 0));
      for (const selector of ['#services a', '#pricing a', '#faq summary', 'footer a']) {
        await page.locator(selector).last().focus();
        const box = await page.locator(selector).last().boundingBox();
        expect(box!.y + box!.height, selector).toBeLessThanOrEqual(await barTop());
      }
    });
  }
});

test.describe('home page content and behaviour', () => {
  test('FAQ answers open and close independently', async ({ page }) => {
    await page.goto('/');
    const items = page.locator('#faq details');
    expect(await items.count()).toBe(16);
    await items.nth(0).locator('summary').click();
    await items.nth(1).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    await expect(items.nth(1)).toHaveAttribute('open', '');
    for (const category of ['SEO Services', 'Web Design', 'Local SEO', 'Pricing & Process']) {
      await expect(page.locator('#faq h3', { hasText: category })).toHaveCount(1);
    }
  });

  test('portfolio cards link to case studies and open client sites safely in a new tab', async ({ page, request }) => {
    await page.goto('/');
    const cards = page.locator('#projects article');
    await expect(cards).toHaveCount(6);
    for (let i = 0; i < 6; i++) {
      const card = cards.nth(i);
      await expect(card.locator('figure img')).toHaveCount(2);
      const view = card.getByRole('link', { name: /View Project/ });
      const href = await view.getAttribute('href');
      expect(href).toMatch(/^\/project\/[a-z-]+$/);
      expect((await request.get(href!)).status()).toBe(200);
      const visit = card.getByRole('link', { name: /Visit the site/ });
      await expect(visit).toHaveAttribute('target', '_blank');
      await expect(visit).toHaveAttribute('rel', /noopener/);
      await expect(visit).toHaveAttribute('rel', /noreferrer/);
    }
    await expect(page.locator('#projects').getByRole('link', { name: 'Start Your Project' })).toHaveAttribute('href', '/#contact');
    await expect(page.locator('#projects').getByRole('link', { name: 'Explore More Resources' })).toHaveAttribute('href', '/blog');
    const images = page.locator('#projects img');
    for (let i = 0; i < (await images.count()); i++) {
      await expect(images.nth(i)).toHaveAttribute('width', /\d+/);
      await expect(images.nth(i)).toHaveAttribute('height', /\d+/);
      await expect(images.nth(i)).toHaveAttribute('loading', 'lazy');
    }
  });

  test('has every section of the specification', async ({ page }) => {
    await page.goto('/');
    for (const id of ['services', 'pricing', 'projects', 'reviews', 'faq', 'profile', 'company', 'contact']) {
      await expect(page.locator(`section#${id}`)).toHaveCount(1);
    }
    await expect(page.locator('#pricing li', { hasText: 'Most Popular' })).toContainText('£1,500');
    await expect(page.locator('#pricing')).toContainText('£750');
    await expect(page.locator('#pricing')).toContainText('£3,500');
    await expect(page.locator('#pricing').getByRole('link', { name: /Starter|Professional|Enterprise/ })).toHaveCount(3);
    await expect(page.locator('#reviews figure')).toHaveCount(4);
    await expect(page.locator('#company')).toContainText('Verified Company');
    await expect(page.locator('#contact form')).toHaveCount(1);
    await expect(page.locator('footer')).toContainText(`2025–${new Date().getFullYear()}`);
    await expect(page.locator('footer').getByRole('link', { name: 'Get the PDF' })).toHaveAttribute('href', '/contact?type=seo-checklist');
  });

  test('sections fade in once when scrolled to, and the portfolio shows at once on phones', async ({ browser }) => {
    const wide = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    let page = await wide.newPage();
    await page.goto('/');
    await expect(html(page)).toHaveClass(/reveal-ready/);
    const faq = page.locator('#faq');
    expect(await faq.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await faq.scrollIntoViewIfNeeded();
    await expect(faq).toHaveAttribute('data-reveal', 'shown');
    await expect.poll(() => faq.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await wide.close();

    const phone = await browser.newContext({ viewport: { width: 390, height: 800 } });
    page = await phone.newPage();
    await page.goto('/');
    expect(await page.locator('#projects').evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await phone.close();
  });

  test('nothing animates when the visitor prefers reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(html(page)).not.toHaveClass(/reveal-ready/);
    for (const id of ['services', 'pricing', 'faq', 'contact']) {
      expect(await page.locator(`#${id}`).evaluate((el) => getComputedStyle(el).opacity), id).toBe('1');
    }
    await context.close();
  });

  test('the map loads from the provider only when asked', async ({ page }) => {
    const mapRequests: string[] = [];
    page.on('request', (r) => r.url().includes('openstreetmap.org') && mapRequests.push(r.url()));
    await page.route('https://www.openstreetmap.org/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>map</title>' }));
    await page.goto('/');
    await page.locator('#contact').scrollIntoViewIfNeeded();
    expect(mapRequests).toEqual([]);
    await expect(page.getByRole('link', { name: 'Find me on OpenStreetMap' })).toHaveAttribute('href', /openstreetmap\.org/);
    await page.getByRole('link', { name: 'Show the interactive map' }).click();
    await expect(page.locator('iframe[title="Map showing the studio location"]')).toBeVisible();
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
  });
});

test.describe("presses before the page's script has run (it is added after load)", () => {
  const scriptDelayMs = 1500;
  const stillEarly = (page: Page) => page.evaluate(() => (window as { __earlyClicks?: unknown }).__earlyClicks !== undefined);

  test.beforeEach(async ({ page }) => {
    // Only the first script, the layout entry the page adds, is held back; what it imports then comes at once.
    let entryHeld = false;
    await page.route('**/_astro/*.js', async (route) => {
      if (!entryHeld) {
        entryHeld = true;
        await new Promise((resolve) => setTimeout(resolve, scriptDelayMs));
      }
      await route.continue();
    });
    await page.route('https://www.openstreetmap.org/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>map</title>' }));
  });

  test('the accessibility button pressed at once opens the panel when the script arrives', async ({ page }) => {
    await page.goto('/');
    expect(await stillEarly(page)).toBe(true);
    await openPanelWithKeyboard(page);
    await expect(page.getByRole('dialog', { name: 'Accessibility options' })).toBeVisible();
    expect(await stillEarly(page)).toBe(false);
  });

  test('the map pressed at once loads in place', async ({ page }) => {
    await page.goto('/');
    expect(await stillEarly(page)).toBe(true);
    await page.getByRole('link', { name: 'Show the interactive map' }).click();
    await expect(page.locator('iframe[title="Map showing the studio location"]')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('the map pressed is followed as a link when the script never comes', async ({ page }) => {
    await page.unroute('**/_astro/*.js');
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto('/');
    await page.getByRole('link', { name: 'Show the interactive map' }).click();
    await page.waitForURL(/openstreetmap\.org/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('all content is visible and the launcher, which needs JavaScript, is not offered', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    for (const id of ['services', 'pricing', 'projects', 'reviews', 'faq', 'profile', 'company', 'contact']) {
      await expect(page.locator(`#${id}`), id).toHaveCSS('opacity', '1');
    }
    await expect(launcher(page)).toBeHidden();
    await expect(page.locator('#contact form')).toBeVisible();
    await page.locator('#faq summary').first().click();
    await expect(page.locator('#faq details').first()).toHaveAttribute('open', '');
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test('opens, closes on Escape and after choosing a link on the same page', async ({ page }) => {
    await page.goto('/');
    const summary = page.locator('details[data-menu] summary');
    await summary.click();
    const menu = page.getByRole('navigation', { name: 'Main (mobile)' });
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(summary).toBeFocused();
    await summary.click();
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/#pricing$/);
    await expect(menu).toBeHidden();
  });
});
