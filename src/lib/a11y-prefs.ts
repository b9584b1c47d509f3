/**
 * Accessibility preferences: stored in localStorage, applied as attributes on <html> that the stylesheet reads.
 * `applyPreferences` and `bootPreferences` are self-contained on purpose: the layout inlines their source in <head>
 * so saved settings are in place before the first paint.
 */
import { a11yToggles, fontSizeBounds } from '~/config/accessibility';

export type ToggleKey = (typeof a11yToggles)[number]['key'];
export type A11yPreferences = { fontSize: number } & Record<ToggleKey, boolean>;

export const storageKey = 'a11y-preferences';
export const toggleKeys = a11yToggles.map((t) => t.key) as ToggleKey[];

/** Attribute on <html> for each toggle. */
export const toggleAttributes: Record<ToggleKey, string> = {
  contrast: 'data-a11y-contrast',
  grayscale: 'data-a11y-grayscale',
  lineHeight: 'data-a11y-spacing',
  readableFont: 'data-a11y-font',
  highlightLinks: 'data-a11y-links',
};

export function defaultPreferences(): A11yPreferences {
  return { fontSize: fontSizeBounds.default, contrast: false, grayscale: false, lineHeight: false, readableFont: false, highlightLinks: false };
}

/** Clamps to the bounds and snaps to the step; anything unreadable becomes the default. */
export function normaliseFontSize(value: unknown, bounds: { min: number; max: number; step: number; default: number } = fontSizeBounds): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? value : bounds.default;
  const snapped = Math.round((n - bounds.min) / bounds.step) * bounds.step + bounds.min;
  return Math.min(bounds.max, Math.max(bounds.min, snapped));
}

export function applyPreferences(
  root: HTMLElement,
  prefs: Partial<A11yPreferences>,
  attributes: Record<string, string>,
  bounds: { min: number; max: number; default: number },
  modesStylesheet: string,
): void {
  const size = typeof prefs.fontSize === 'number' ? Math.min(bounds.max, Math.max(bounds.min, prefs.fontSize)) : bounds.default;
  root.style.fontSize = size === bounds.default ? '' : `${size}%`;
  let anyMode = false;
  for (const key of Object.keys(attributes)) {
    if ((prefs as Record<string, unknown>)[key] === true) {
      root.setAttribute(attributes[key]!, '');
      anyMode = true;
    } else root.removeAttribute(attributes[key]!);
  }
  // The modes' rules are a stylesheet of their own, fetched only once a mode is on; in <head> before the body, it
  // holds the first paint back (blocking="render"), so a saved mode never flashes the default look.
  const doc = root.ownerDocument;
  if (anyMode && !doc.getElementById('a11y-modes')) {
    const link = doc.createElement('link');
    link.id = 'a11y-modes';
    link.rel = 'stylesheet';
    link.href = modesStylesheet;
    link.setAttribute('blocking', 'render');
    doc.head.appendChild(link);
  }
}

/** Runs inline in <head>: saved preferences (or the system's request for more contrast) before first paint. */
export function bootPreferences(
  apply: typeof applyPreferences,
  key: string,
  attributes: Record<string, string>,
  bounds: { min: number; max: number; default: number },
  modesStylesheet: string,
): void {
  const root = document.documentElement;
  root.classList.replace('no-js', 'js');
  let prefs: Partial<A11yPreferences> = {};
  try {
    const raw = localStorage.getItem(key);
    if (raw) prefs = JSON.parse(raw) as Partial<A11yPreferences>;
    else if (matchMedia('(prefers-contrast: more)').matches) prefs = { contrast: true };
  } catch {
    // Storage blocked or corrupt: defaults.
  }
  apply(root, prefs, attributes, bounds, modesStylesheet);
}

export function loadPreferences(): A11yPreferences {
  const prefs = defaultPreferences();
  try {
    const raw = localStorage.getItem(storageKey);
    if (raw) {
      const saved = JSON.parse(raw) as Partial<A11yPreferences>;
      prefs.fontSize = normaliseFontSize(saved.fontSize);
      for (const key of toggleKeys) prefs[key] = saved[key] === true;
    } else if (matchMedia('(prefers-contrast: more)').matches) {
      prefs.contrast = true;
    }
  } catch {
    // Defaults.
  }
  return prefs;
}

export function savePreferences(prefs: A11yPreferences): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(prefs));
  } catch {
    // Private mode or full storage: the settings still apply to this page.
  }
}

export function clearPreferences(): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Nothing stored.
  }
}

/** The <script> text for <head>; `modesStylesheet` is the built URL of src/styles/a11y-modes.css. */
export function inlineBootScript(modesStylesheet: string): string {
  return `(${bootPreferences.toString()})(${applyPreferences.toString()},${JSON.stringify(storageKey)},${JSON.stringify(toggleAttributes)},${JSON.stringify(fontSizeBounds)},${JSON.stringify(modesStylesheet)});`;
}
