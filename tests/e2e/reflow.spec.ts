/**
 * Reflow under the site's own accessibility settings (WCAG 1.4.10, 1.4.12, 2.5.8) and in forced colours: every route
 * at 320, 768 and 1280 px (200 % and 400 % zoom of a 1280 px window are the 640 and 320 px layouts) with the panel's
 * largest text, each of its modes alone, all modes at the largest text, WCAG 1.4.12 text spacing and
 * forced colours. The page never scrolls sideways, no focusable element is off the page or cut off, and in forced
 * colours every button keeps a visible edge. Axe runs with all modes at the largest text, with the rules that read
 * styles and layout: the markup is the same in every setting, so the rules that read only markup answer as they do in
 * public-walk.spec.ts's default-look walk.
 *
 * Fast on purpose: one page per test, each route loaded once, the widths and settings switched in place, the settings
 * with the panel's own `applyPreferences` (the modes' stylesheet is already in the page: it is loaded with every mode
 * on) in one round trip per width, and axe injected once per route rather than once per run.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { fontSizeBounds } from '../../src/config/accessibility';
import { type A11yPreferences, applyPreferences, defaultPreferences, toggleAttributes, toggleKeys } from '../../src/lib/a11y-prefs';
import { allModesOn, hydrateAll, renderDeferredSections, walkPaths } from '../support/e2e-helpers';

const widths = [320, 768, 1280];

/** WCAG 1.4.12's metrics, as a user stylesheet or bookmarklet applies them. */
const textSpacingCss = `*:not(svg, svg *) { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
p { margin-bottom: 2em !important; }`;

/**
 * The axe rules whose answer can change with styles: those that read the layout, at every width, and those that read
 * colours, once (colours do not change with the width).
 */
const layoutRules = ['target-size', 'scrollable-region-focusable'];
const colourRules = ['color-contrast', 'link-in-text-block'];

// axe-core as @axe-core/playwright resolves it, injected once per page load.
const axeSource = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

interface Setting {
  name: string;
  prefs: A11yPreferences;
  textSpacing: boolean;
}

const setting = (name: string, prefs: Partial<A11yPreferences>, extra: Partial<Setting> = {}): Setting => ({
  name,
  prefs: { ...defaultPreferences(), ...prefs },
  textSpacing: false,
  ...extra,
});

const everyMode = Object.fromEntries(toggleKeys.map((key) => [key, true]));

/** All modes at the largest text: the settings that change the look most, so axe checks them. */
const combined = setting(`every mode, text at ${fontSizeBounds.max}%`, { ...everyMode, fontSize: fontSizeBounds.max });
/**
 * The largest text alone, each mode alone (at the default size, so grayscale, which changes no layout, stands for the
 * default look) and WCAG 1.4.12 text spacing. Smaller sizes only shrink what these show, and what the header folds
 * away by the text size wraps rather than overflowing, so the sizes between are left out to keep the walk short.
 */
const settings: Setting[] = [
  setting(`text at ${fontSizeBounds.max}%`, { fontSize: fontSizeBounds.max }),
  ...toggleKeys.map((key) => setting(key, { [key]: true })),
  setting('WCAG 1.4.12 text spacing', {}, { textSpacing: true }),
];
/** Forced colours (Windows high contrast) over the default settings: set from outside the page, so on its own. */
const forcedColours = setting('forced colours', {});

interface Measured {
  sideways: number;
  clipped: string[];
  noEdge: string[];
  /** How far the phones' fixed bar covers the end of the page's content when scrolled to the bottom (px). */
  underBar: number;
}

/**
 * Runs in the page: how far it scrolls sideways; each visible focusable element that is off the page sideways or cut
 * off by an ancestor that hides its overflow (a scrolling ancestor is fine: it can be scrolled to); and, for forced
 * colours, each button or button-like link without a visible border (its background is gone there).
 */
function measure(): Measured {
  const viewport = document.documentElement.clientWidth;
  const clipped: string[] = [];
  const noEdge: string[] = [];
  const label = (el: Element) =>
    `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
  // Out of the tab order on purpose (the forms' honeypot) is no target.
  const focusable = ':is(a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]):not([tabindex="-1"])';
  for (const el of document.querySelectorAll(focusable)) {
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    let box = el.getBoundingClientRect();
    // Shown only when focused (the skip link).
    if (box.width <= 1 || box.height <= 1) continue;
    if (el.matches('button, [class*="btn"]')) {
      const style = getComputedStyle(el);
      if (parseFloat(style.borderTopWidth) === 0 || style.borderTopStyle === 'none') noEdge.push(label(el));
    }
    if (box.left < -1 || box.right > viewport + 1) {
      clipped.push(`${label(el)} off the page (${Math.round(box.left)}–${Math.round(box.right)} px)`);
      continue;
    }
    for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      const overflow = [style.overflowX, style.overflowY];
      if (overflow.every((o) => o === 'visible')) continue;
      const outer = parent.getBoundingClientRect();
      if (overflow.some((o) => o === 'auto' || o === 'scroll')) {
        box = outer;
        continue;
      }
      if (box.left < outer.left - 1 || box.right > outer.right + 1 || box.top < outer.top - 1 || box.bottom > outer.bottom + 1) {
        clipped.push(`${label(el)} cut off by ${parent.tagName.toLowerCase()}.${[...parent.classList].slice(0, 3).join('.')}`);
        break;
      }
    }
  }
  const bar = document.querySelector('.mobile-bar');
  const footer = document.querySelector('body > footer');
  let underBar = 0;
  if (bar && footer && bar.checkVisibility()) {
    // At the bottom of the page the bar's top is the page's height less its own; the footer's text ends with its
    // last paragraph's content box.
    const last = [...footer.querySelectorAll('p')].at(-1)!;
    const end = last.getBoundingClientRect().bottom - parseFloat(getComputedStyle(last).paddingBottom) + scrollY;
    underBar = end - (document.documentElement.scrollHeight - bar.getBoundingClientRect().height);
  }
  return { sideways: document.documentElement.scrollWidth - viewport, clipped, noEdge, underBar };
}

/**
 * Each setting in turn, in one round trip: the panel's own function applies the preferences, the spacing sheet is
 * adopted or dropped, and the page is measured once its fonts (OpenDyslexic) have loaded. A string, as the head script
 * is: the page's policy allows no eval, and a function from the test cannot be passed in otherwise.
 */
function measureEach(page: Page, list: Setting[]): Promise<Measured[]> {
  return page.evaluate(`(async () => {
    const apply = ${applyPreferences.toString()};
    const measure = ${measure.toString()};
    const results = [];
    for (const { prefs, textSpacing } of ${JSON.stringify(list)}) {
      apply(document.documentElement, prefs, ${JSON.stringify(toggleAttributes)}, ${JSON.stringify(fontSizeBounds)}, '');
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(textSpacing ? ${JSON.stringify(textSpacingCss)} : '');
      document.adoptedStyleSheets = [sheet];
      void document.documentElement.scrollWidth;
      await document.fonts.ready;
      results.push(measure());
    }
    return results;
  })()`);
}

interface AxeViolation {
  id: string;
  nodes: { target: string[]; failureSummary: string }[];
}

type AxeRun = (context: Document, options: object) => Promise<{ violations: AxeViolation[] }>;

async function axeViolations(page: Page, rules: string[]): Promise<string[]> {
  const violations = await page.evaluate(async (values) => {
    const { axe } = window as unknown as { axe: { run: AxeRun } };
    return (await axe.run(document, { runOnly: { type: 'rule', values }, resultTypes: ['violations'] })).violations;
  }, rules);
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary})`).join(', ')}`);
}

function check(where: string, { sideways, clipped, noEdge, underBar }: Measured, forced: boolean) {
  expect.soft(sideways, `${where}: sideways scroll (px)`).toBeLessThanOrEqual(0);
  expect.soft(underBar, `${where}: end of the page under the phones' bar (px)`).toBeLessThanOrEqual(0);
  expect.soft(clipped, `${where}: focusable elements cut off`).toEqual([]);
  if (forced) expect.soft(noEdge, `${where}: buttons with no visible edge`).toEqual([]);
}

// Routes in a few longer tests rather than many short ones; enough of them that the two workers finish together.
const chunks = 8;
for (let chunk = 0; chunk < chunks; chunk++) {
  const share = walkPaths.filter((_, i) => i % chunks === chunk);
  test(`routes ${chunk + 1}/${chunks} reflow in every accessibility setting`, async ({ browser }) => {
    test.setTimeout(share.length * 30_000);
    // Reduced motion shows every section at once, so nothing is measured mid-fade.
    const context = await browser.newContext({ reducedMotion: 'reduce', viewport: { width: widths[0]!, height: 800 } });
    const page = await context.newPage();
    await allModesOn(page);
    for (const path of share) {
      await test.step(path, async () => {
        await page.emulateMedia({ forcedColors: 'none' });
        await page.setViewportSize({ width: widths[0]!, height: 800 });
        await page.goto(path);
        await expect(page.locator('#a11y-modes')).toHaveCount(1);
        await hydrateAll(page);
        // Measured as painted: a section the browser has not rendered yet has a guessed height (the home page's).
        await renderDeferredSections(page);
        await page.evaluate(axeSource);
        for (const width of widths) {
          await page.setViewportSize({ width, height: 800 });
          const at = (name: string) => `${path} at ${width} px, ${name}`;
          check(at(combined.name), (await measureEach(page, [combined]))[0]!, false);
          const rules = width === widths[0] ? [...layoutRules, ...colourRules] : layoutRules;
          expect.soft(await axeViolations(page, rules), `${at(combined.name)}: axe`).toEqual([]);
          const measured = await measureEach(page, settings);
          settings.forEach((s, i) => check(at(s.name), measured[i]!, false));
          // Axe reads forced colours only in part (the forced background with the authored text colour), so here the
          // buttons' edges are checked instead; the layout is the default one, which public-walk.spec.ts axes.
          await page.emulateMedia({ forcedColors: 'active' });
          check(at(forcedColours.name), (await measureEach(page, [forcedColours]))[0]!, true);
          await page.emulateMedia({ forcedColors: 'none' });
        }
      });
    }
    await context.close();
  });
}
