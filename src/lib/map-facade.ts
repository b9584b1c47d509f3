/** Replaces the map drawing with the real map, so the provider is contacted only when the visitor asks. */
export function showMap(trigger: Element): void {
  const frame = trigger.closest<HTMLElement>('[data-map-frame]');
  if (!frame?.dataset.embed) return;
  const iframe = document.createElement('iframe');
  iframe.src = frame.dataset.embed;
  iframe.title = 'Map showing the studio location';
  iframe.referrerPolicy = 'no-referrer';
  iframe.className = 'absolute inset-0 h-full w-full border-0';
  frame.replaceChildren(iframe);
  iframe.focus();
}
