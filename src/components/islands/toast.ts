/**
 * Toasts (SPEC §4): one at a time, the newest replaces the older, can be updated and dismissed. A tiny store with no
 * framework code, so any island can raise a toast and the <Toaster> in that island shows it.
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

type Listener = (toast: Toast | null) => void;

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<Listener>();
/** Visible time before a toast closes itself; the same text also stays on the page, so nothing is lost. */
export const autoDismissMs = 8000;
let timer: ReturnType<typeof setTimeout> | undefined;

function emit() {
  for (const listener of listeners) listener(current);
}

function arm(id: number) {
  clearTimeout(timer);
  timer = setTimeout(() => dismiss(id), autoDismissMs);
}

export function toast(content: ToastContent) {
  const id = nextId++;
  current = { ...content, id, open: true };
  arm(id);
  emit();
  return {
    id,
    update: (patch: Partial<ToastContent>) => {
      if (current?.id !== id) return;
      current = { ...current, ...patch };
      arm(id);
      emit();
    },
    dismiss: () => dismiss(id),
  };
}

export function dismiss(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  current = { ...current, open: false };
  emit();
}

export function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  listener(current);
  return () => listeners.delete(listener);
}
