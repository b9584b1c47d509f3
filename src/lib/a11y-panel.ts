/** Behaviour of the accessibility panel rendered by AccessibilityPanel.tsx. Plain DOM: no framework on first load. */
import { a11yMessages, fontSizeBounds } from '~/config/accessibility';
import {
  type A11yPreferences,
  applyPreferences,
  clearPreferences,
  defaultPreferences,
  loadPreferences,
  savePreferences,
  storageKey,
  toggleAttributes,
  toggleKeys,
  type ToggleKey,
} from './a11y-prefs';
import { toast } from './toast';

const launcher = document.getElementById('a11y-launcher') as HTMLButtonElement | null;
const dialog = document.getElementById('a11y-panel') as HTMLDialogElement | null;

/** Opens the panel; safe to call when it is already open. */
export function openPanel(): void {
  if (dialog && !dialog.open) dialog.showModal();
}

if (launcher && dialog) {
  let prefs = loadPreferences();
  const fontValue = dialog.querySelector<HTMLOutputElement>('[data-a11y-font-value]')!;
  const fontDown = dialog.querySelector<HTMLButtonElement>('[data-a11y-font="down"]')!;
  const fontUp = dialog.querySelector<HTMLButtonElement>('[data-a11y-font="up"]')!;
  const switches = new Map(toggleKeys.map((key) => [key, dialog.querySelector<HTMLInputElement>(`[data-a11y-toggle="${key}"]`)!] as const));

  const sync = () => {
    applyPreferences(document.documentElement, prefs, toggleAttributes, fontSizeBounds);
    fontValue.textContent = `${prefs.fontSize}%`;
    fontDown.disabled = prefs.fontSize <= fontSizeBounds.min;
    fontUp.disabled = prefs.fontSize >= fontSizeBounds.max;
    for (const [key, input] of switches) input.checked = prefs[key];
  };

  const update = (patch: Partial<A11yPreferences>) => {
    prefs = { ...prefs, ...patch };
    savePreferences(prefs);
    sync();
  };

  sync();

  launcher.addEventListener('click', openPanel);
  dialog.querySelector('[data-a11y-close]')!.addEventListener('click', () => dialog.close());
  // Clicking the backdrop closes too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => launcher.focus());
  // A modal dialog lets Tab move on to the browser's own controls; keep it cycling inside the panel instead.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]), a[href]')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });

  const step = (direction: 1 | -1) => {
    update({ fontSize: Math.min(fontSizeBounds.max, Math.max(fontSizeBounds.min, prefs.fontSize + direction * fontSizeBounds.step)) });
    // A button that just became disabled drops focus: keep it inside the dialog.
    const button = direction === 1 ? fontUp : fontDown;
    if (button.disabled) (direction === 1 ? fontDown : fontUp).focus();
  };
  fontDown.addEventListener('click', () => step(-1));
  fontUp.addEventListener('click', () => step(1));

  for (const [key, input] of switches) {
    input.addEventListener('change', () => update({ [key]: input.checked } as Record<ToggleKey, boolean>));
  }

  dialog.querySelector('[data-a11y-reset]')!.addEventListener('click', () => {
    prefs = defaultPreferences();
    clearPreferences();
    sync();
    toast({ title: a11yMessages.resetTitle, description: a11yMessages.resetText, variant: 'success' });
  });

  // Settings changed in another tab apply here too.
  window.addEventListener('storage', (event) => {
    if (event.key === storageKey || event.key === null) {
      prefs = loadPreferences();
      sync();
    }
  });
}
