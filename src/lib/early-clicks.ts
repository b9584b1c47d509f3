/**
 * The page's own script is added after the page has loaded (src/build/page-html.mjs), so a press on a control
 * that needs it (`[data-needs-script]`: the accessibility button, the map facade) can come before it has run. An
 * inline script in the head keeps such presses; the page's script replays them once its handlers are in place, so no
 * press goes unanswered. A link that is still waiting after a few seconds (the script failed to load) is followed as
 * without JavaScript.
 */

interface EarlyClicks {
  queue: Element[];
  listener: (event: Event) => void;
}

declare global {
  interface Window {
    __earlyClicks?: EarlyClicks;
  }
}

const linkFallbackMs = 4000;

function keepEarlyClicks(fallbackMs: number): void {
  const queue: Element[] = [];
  const listener = (event: Event) => {
    const target = event.target as Element | null;
    const control = target && target.closest ? target.closest('[data-needs-script]') : null;
    if (!control) return;
    event.preventDefault();
    if (queue.indexOf(control) < 0) queue.push(control);
    if (control instanceof HTMLAnchorElement) {
      setTimeout(() => {
        if (queue.indexOf(control) >= 0) location.href = control.href;
      }, fallbackMs);
    }
  };
  window.__earlyClicks = { queue, listener };
  document.addEventListener('click', listener, true);
}

/** The inline head script (CSP-hashed per page like the other inline scripts). */
export function earlyClickScript(): string {
  return `(${keepEarlyClicks.toString()})(${linkFallbackMs});`;
}

/** Called by the page's script once its click handlers are attached: stop keeping presses and replay the kept ones. */
export function replayEarlyClicks(): void {
  const early = window.__earlyClicks;
  if (!early) return;
  document.removeEventListener('click', early.listener, true);
  window.__earlyClicks = undefined;
  const kept = early.queue.splice(0);
  for (const control of kept) if (control instanceof HTMLElement) control.click();
}
