import modesStylesheet from '~/styles/a11y-modes.css?url';
import { inlineBootScript } from './a11y-prefs';
import { earlyClickScript } from './early-clicks';

/** How long the hidden home sections wait for the reveal script before they are shown anyway. */
const revealGiveUpMs = 3000;

/** Section reveal: only when it can run and motion is welcome; shown anyway if the observer never starts. */
function markRevealReady(giveUpMs: number): void {
  if ('IntersectionObserver' in window && !matchMedia('(prefers-reduced-motion: reduce)').matches) {
    document.documentElement.classList.add('reveal-ready');
    setTimeout(() => {
      if (!(window as Window & { __revealStarted?: boolean }).__revealStarted) document.documentElement.classList.remove('reveal-ready');
    }, giveUpMs);
  }
}

/**
 * The mobile menu is a native <details>: it closes after a choice (same-page anchors keep the page) and on Escape. Here
 * rather than in the page's script, which comes later, because the menu is in use from the first paint.
 */
function closeMenuOnChoiceAndEscape(): void {
  const openMenu = () => document.querySelector<HTMLDetailsElement>('details[data-menu][open]');
  document.addEventListener('click', (event) => {
    const menu = openMenu();
    if (menu && (event.target as Element).closest?.('details[data-menu] a')) menu.open = false;
  });
  document.addEventListener('keydown', (event) => {
    const menu = openMenu();
    if (event.key !== 'Escape' || !menu) return;
    menu.open = false;
    menu.querySelector('summary')?.focus();
  });
}

/**
 * The one inline script in a page's head, run before the first paint: saved accessibility settings, the keeper of
 * early presses, the section-reveal flag and the mobile menu's closing. One script rather than three keeps the page
 * and its Content-Security-Policy header (a hash per inline script) small.
 */
export function headScript(): string {
  return `${inlineBootScript(modesStylesheet)}\n${earlyClickScript()}\n(${markRevealReady.toString()})(${revealGiveUpMs});\n(${closeMenuOnChoiceAndEscape.toString()})();`;
}
