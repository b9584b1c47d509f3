/**
 * Behaviour of the accessibility launcher and panel (src/components/ui/AccessibilityPanel.tsx). Plain DOM: no
 * framework on first load. The dialog's markup is fetched once (paths.accessibilityPanel), as soon as this module
 * runs, so it is ready before the visitor asks; if it cannot be had, a press says so and the next one tries again.
 */
import { a11yMessages, fontSizeBounds } from '~/config/accessibility';
import { paths } from '~/config/paths';
import modesStylesheet from '~/styles/a11y-modes.css?url';
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
import { lateStyled } from './late-style';
import { toast } from './toast';

const launcher = document.getElementById('a11y-launcher') as HTMLButtonElement | null;
let prefs = loadPreferences();
/** Shows the settings in the dialog's controls, once the dialog is there. */
let showInControls: (() => void) | null = null;

const sync = () => {
  applyPreferences(document.documentElement, prefs, toggleAttributes, fontSizeBounds, modesStylesheet);
  showInControls?.();
};

const update = (patch: Partial<A11yPreferences>) => {
  prefs = { ...prefs, ...patch };
  savePreferences(prefs);
  sync();
};

async function loadDialog(): Promise<HTMLDialogElement> {
  const response = await fetch(paths.accessibilityPanel);
  if (!response.ok) throw new Error(`The accessibility panel answered ${response.status}`);
  const { html } = (await response.json()) as { html: string };
  await lateStyled();
  document.getElementById('a11y-panel')?.remove();
  document.body.insertAdjacentHTML('beforeend', html);
  const dialog = document.getElementById('a11y-panel') as HTMLDialogElement;
  wire(dialog);
  return dialog;
}

let dialogReady: Promise<HTMLDialogElement> | null = null;
const ensureDialog = () => (dialogReady ??= loadDialog());

/** Opens the panel; safe to call when it is already open. */
export async function openPanel(): Promise<void> {
  try {
    const panel = await ensureDialog();
    if (!panel.open) panel.showModal();
  } catch {
    dialogReady = null;
    await lateStyled();
    toast({ title: a11yMessages.unavailableTitle, description: a11yMessages.unavailableText, variant: 'destructive' });
  }
}

if (launcher) {
  launcher.addEventListener('click', () => void openPanel());
  // Fetched now, so the first press opens it at once; a failure here is reported when the visitor presses.
  ensureDialog().catch(() => {
    dialogReady = null;
  });
}

// Settings changed in another tab apply here too.
window.addEventListener('storage', (event) => {
  if (event.key === storageKey || event.key === null) {
    prefs = loadPreferences();
    sync();
  }
});

function wire(dialog: HTMLDialogElement): void {
  const fontValue = dialog.querySelector<HTMLOutputElement>('[data-a11y-font-value]')!;
  const fontDown = dialog.querySelector<HTMLButtonElement>('[data-a11y-font="down"]')!;
  const fontUp = dialog.querySelector<HTMLButtonElement>('[data-a11y-font="up"]')!;
  const switches = new Map(toggleKeys.map((key) => [key, dialog.querySelector<HTMLInputElement>(`[data-a11y-toggle="${key}"]`)!] as const));

  showInControls = () => {
    fontValue.textContent = `${prefs.fontSize}%`;
    fontDown.disabled = prefs.fontSize <= fontSizeBounds.min;
    fontUp.disabled = prefs.fontSize >= fontSizeBounds.max;
    for (const [key, input] of switches) input.checked = prefs[key];
  };
  sync();

  dialog.querySelector('[data-a11y-close]')!.addEventListener('click', () => dialog.close());
  // Clicking the backdrop closes too.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener('close', () => launcher?.focus());
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
}
