/**
 * Toasts: one at a time, the newest replaces the older, can be updated and dismissed, and is announced by
 * screen readers. Plain DOM code rendering into the region the layout puts on every page, so raising a toast never
 * loads a framework: the accessibility panel and the contact form share it.
 */
export interface ToastContent {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
}

export interface Toast extends ToastContent {
  id: number;
  open: boolean;
}

/**
 * Time a toast stays before closing itself; the information it carries is also on the page. An error stays until
 * it is dismissed (or, in the admin, until the next action), so it cannot be missed.
 */
export const autoDismissMs = 8000;

/** The region's look and parts: one place for the admin's layout (ToastRegion) and the public pages (made here). */
export const toastRegionClass =
  'pointer-events-none fixed inset-x-0 bottom-24 z-50 flex justify-center px-4 data-[edge=top]:top-2 data-[edge=top]:bottom-auto wide:bottom-24 wide:justify-end';
export const toastRegionInner =
  '<div data-toast-polite="" role="status" aria-live="polite" aria-atomic="true" class="sr-only"></div>' +
  '<div data-toast-assertive="" role="alert" aria-atomic="true" class="sr-only"></div>' +
  '<div data-toast-card="" hidden class="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-ink shadow-lg data-[toast=destructive]:border-red-300 data-[toast=destructive]:bg-red-50 data-[toast=destructive]:text-red-900 data-[toast=success]:border-emerald-300 data-[toast=success]:bg-emerald-50 data-[toast=success]:text-emerald-900">' +
  '<div class="flex-1" aria-hidden="true"><p data-toast-title="" class="font-semibold"></p><p data-toast-description="" class="mt-1 text-sm"></p></div>' +
  '<button type="button" data-toast-close="" class="rounded-md px-2 py-1 text-lg leading-none hover:bg-black/5" aria-label="Dismiss notification">×</button></div>';

/**
 * The page's toast region. The admin's layout writes it; a public page does not carry it in its HTML (it would cost
 * every page's first round trip), so it is made when this module first runs, which is when the accessibility panel's
 * or the contact form's script loads: well before either raises a toast, so its live regions are there to announce it.
 */
function toastRegion(): HTMLElement | null {
  if (typeof document === 'undefined' || !document.body) return null;
  let region = document.getElementById('toast-region');
  if (!region) {
    region = document.createElement('div');
    region.id = 'toast-region';
    region.className = toastRegionClass;
    region.innerHTML = toastRegionInner;
    document.body.append(region);
  }
  return region;
}

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
/** The control the owner used last (admin): the toast is kept off it. */
let lastControl: Element | null = null;

const overlap = (a: DOMRect, b: DOMRect) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * Where a region that asks for it (`data-toast-keep-clear`) shows the toast: at the bottom, unless that covers the
 * control in use (the focused element or the one last clicked) or what a panel marks `data-toast-avoid` (a result and
 * its warnings); then at the top, whichever covers less of them.
 */
function place(region: HTMLElement, card: HTMLElement) {
  if (!('toastKeepClear' in region.dataset)) return;
  const inUse = [document.activeElement, lastControl, ...document.querySelectorAll('[data-toast-avoid]')].filter(
    (el): el is Element => el instanceof Element && el !== document.body && el.isConnected && !region.contains(el),
  );
  const covered = () => inUse.reduce((sum, el) => sum + overlap(card.getBoundingClientRect(), el.getBoundingClientRect()), 0);
  region.dataset.edge = 'bottom';
  const atBottom = covered();
  if (atBottom === 0) return;
  region.dataset.edge = 'top';
  if (covered() > atBottom) region.dataset.edge = 'bottom';
}

function render() {
  const region = toastRegion();
  if (!region) return;
  const polite = region.querySelector<HTMLElement>('[data-toast-polite]')!;
  const assertive = region.querySelector<HTMLElement>('[data-toast-assertive]')!;
  const card = region.querySelector<HTMLElement>('[data-toast-card]')!;
  const visible = current?.open ? current : null;
  const spoken = visible ? `${visible.title}. ${visible.description ?? ''}`.trim() : '';
  const destructive = visible?.variant === 'destructive';
  polite.textContent = visible && !destructive ? spoken : '';
  assertive.textContent = visible && destructive ? spoken : '';
  card.hidden = !visible;
  if (!visible) return;
  card.dataset.toast = visible.variant ?? 'default';
  card.querySelector('[data-toast-title]')!.textContent = visible.title;
  const description = card.querySelector<HTMLElement>('[data-toast-description]')!;
  description.textContent = visible.description ?? '';
  description.hidden = !visible.description;
  place(region, card);
  watchLayout(region, card);
}

let layout: MutationObserver | null = null;

/** While a kept-clear toast shows, what the page renders after it (a result, its warnings) moves it again. */
function watchLayout(region: HTMLElement, card: HTMLElement) {
  if (!('toastKeepClear' in region.dataset) || typeof MutationObserver === 'undefined') return;
  layout?.disconnect();
  let frame = 0;
  layout = new MutationObserver(() => {
    if (card.hidden) return layout?.disconnect();
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => place(region, card));
  });
  layout.observe(document.body, { childList: true, subtree: true });
}

function arm(id: number) {
  clearTimeout(timer);
  if (current?.variant === 'destructive') return;
  timer = setTimeout(() => dismiss(id), autoDismissMs);
}

export function toast(content: ToastContent) {
  const id = nextId++;
  current = { ...content, id, open: true };
  arm(id);
  render();
  return {
    id,
    update(patch: Partial<ToastContent>) {
      if (current?.id !== id) return;
      current = { ...current, ...patch };
      arm(id);
      render();
    },
    dismiss: () => dismiss(id),
  };
}

export function dismiss(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = { ...current, open: false };
  render();
}

/** The toast shown now, if any (for tests and debugging). */
export function currentToast(): Toast | null {
  return current;
}

const controls = 'button, a[href], input, select, textarea, summary, [role="tab"]';

/**
 * In a region that asks for it (`data-toast-clears-on-action`, the admin), the owner's next action clears the toast
 * of the one before: it is read before the action's own handlers run, so a toast the action raises stays.
 */
function nextAction(event: Event) {
  const region = document.getElementById('toast-region');
  const target = event.target instanceof Element ? event.target : null;
  if (!region || !target || region.contains(target)) return;
  if (event.type === 'click') lastControl = target.closest(controls) ?? lastControl;
  if (!('toastClearsOnAction' in region.dataset)) return;
  if (event.type === 'submit' || target.closest(controls)) dismiss();
}

// The close button is in the region's markup; one delegated listener serves every page.
if (typeof document !== 'undefined') {
  toastRegion();
  document.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest?.('[data-toast-close]')) dismiss();
  });
  document.addEventListener('click', nextAction, true);
  document.addEventListener('submit', nextAction, true);
  // A toast kept off the control in use stays off it as the page scrolls or turns.
  const replace = () => {
    const region = document.getElementById('toast-region');
    const card = region?.querySelector<HTMLElement>('[data-toast-card]');
    if (region && card && !card.hidden) place(region, card);
  };
  let frame = 0;
  const soon = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(replace);
  };
  window.addEventListener('resize', soon, { passive: true });
  window.addEventListener('scroll', soon, { passive: true });
  // Focus moving scrolls the page after the focus event: placed again once it has.
  document.addEventListener('focusin', soon);
}
