import { toastRegionClass, toastRegionInner } from '~/lib/toast';

/**
 * Where the admin's toasts appear (filled by src/lib/toast.ts, which also makes the region on public pages). Written
 * in the page, so its live regions exist from the first paint and a toast added later is announced; errors use the
 * assertive one. The markup is toast.ts's, so the two never differ.
 */
export function ToastRegion() {
  // The owner's admin: a toast is cleared by the next action and kept off the control in use (src/lib/toast.ts).
  return (
    <div
      id="toast-region"
      data-toast-clears-on-action=""
      data-toast-keep-clear=""
      className={toastRegionClass}
      dangerouslySetInnerHTML={{ __html: toastRegionInner }}
    />
  );
}
