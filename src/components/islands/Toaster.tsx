import { useEffect, useState } from 'react';
import { dismiss, subscribe, type Toast } from './toast';

/**
 * Shows the current toast. The live regions are always in the page, so screen readers announce each new toast;
 * errors use an assertive region.
 */
export function Toaster() {
  const [toast, setToast] = useState<Toast | null>(null);
  useEffect(() => subscribe(setToast), []);
  const visible = toast?.open ? toast : null;
  const destructive = visible?.variant === 'destructive';
  const text = (t: Toast) => (
    <>
      <p className="font-semibold">{t.title}</p>
      {t.description && <p className="mt-1 text-sm">{t.description}</p>}
    </>
  );
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-20 z-50 flex justify-center px-4 md:bottom-6 md:justify-end">
      <div role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {visible && !destructive && `${visible.title}. ${visible.description ?? ''}`}
      </div>
      <div role="alert" aria-atomic="true" className="sr-only">
        {visible && destructive && `${visible.title}. ${visible.description ?? ''}`}
      </div>
      {visible && (
        <div
          data-toast={visible.variant ?? 'default'}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${
            destructive ? 'border-red-300 bg-red-50 text-red-900' : visible.variant === 'success' ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'border-slate-200 bg-white text-ink'
          }`}
        >
          <div className="flex-1" aria-hidden="true">
            {text(visible)}
          </div>
          <button type="button" onClick={() => dismiss(visible.id)} className="rounded-md px-2 py-1 text-lg leading-none hover:bg-black/5" aria-label="Dismiss notification">
            ×
          </button>
        </div>
      )}
    </div>
  );
}
