/** Replaces the map drawing with the real map when asked, so the provider is contacted only then. */
document.addEventListener('click', (event) => {
  const trigger = (event.target as Element | null)?.closest?.('[data-map-load]');
  const frame = trigger?.closest<HTMLElement>('[data-map-frame]');
  if (!trigger || !frame?.dataset.embed) return;
  event.preventDefault();
  const iframe = document.createElement('iframe');
  iframe.src = frame.dataset.embed;
  iframe.title = 'Map showing the studio location';
  iframe.loading = 'lazy';
  iframe.referrerPolicy = 'no-referrer';
  iframe.className = 'absolute inset-0 h-full w-full border-0';
  frame.replaceChildren(iframe);
  iframe.focus();
});
