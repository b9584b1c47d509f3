/**
 * Where toasts appear (filled by src/lib/toast.ts). The live regions exist from the first paint, so a toast added
 * later is announced; errors use the assertive one.
 */
export function ToastRegion({ owner = false }: { owner?: boolean }) {
  // The owner's admin: a toast is cleared by the next action and kept off the control in use (src/lib/toast.ts).
  const adminOnly = owner ? { 'data-toast-clears-on-action': '', 'data-toast-keep-clear': '' } : {};
  return (
    <div
      id="toast-region"
      {...adminOnly}
      className="pointer-events-none fixed inset-x-0 bottom-24 z-50 flex justify-center px-4 data-[edge=top]:top-2 data-[edge=top]:bottom-auto wide:bottom-24 wide:justify-end"
    >
      <div data-toast-polite="" role="status" aria-live="polite" aria-atomic="true" className="sr-only" />
      <div data-toast-assertive="" role="alert" aria-atomic="true" className="sr-only" />
      <div
        data-toast-card=""
        hidden
        className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-ink shadow-lg data-[toast=destructive]:border-red-300 data-[toast=destructive]:bg-red-50 data-[toast=destructive]:text-red-900 data-[toast=success]:border-emerald-300 data-[toast=success]:bg-emerald-50 data-[toast=success]:text-emerald-900"
      >
        <div className="flex-1" aria-hidden="true">
          <p data-toast-title="" className="font-semibold" />
          <p data-toast-description="" className="mt-1 text-sm" />
        </div>
        <button type="button" data-toast-close="" className="rounded-md px-2 py-1 text-lg leading-none hover:bg-black/5" aria-label="Dismiss notification">
          ×
        </button>
      </div>
    </div>
  );
}
