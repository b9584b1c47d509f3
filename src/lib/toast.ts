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

/** Time a toast stays before closing itself; the information it carries is also on the page. */
export const autoDismissMs = 8000;

let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;

function render() {
  const region = document.getElementById('toast-region');
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
}

function arm(id: number) {
  clearTimeout(timer);
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

// The close button is in the static markup; one delegated listener serves every page.
if (typeof document !== 'undefined') {
  document.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest?.('[data-toast-close]')) dismiss();
  });
}
