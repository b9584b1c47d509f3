/** Focus for a form opened in place (issue 41): into its first field when it opens, back to its opener when it closes. */
import { type RefObject, useEffect, useRef } from 'react';

/** Focuses the first field of the form in `ref` once it is shown. */
export function useFocusFirstField(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])')?.focus();
  }, [ref]);
}

/** A ref for the button that opens something; focus returns to it when `open` turns false (closed or saved). */
export function useReturnFocus<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) ref.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return ref;
}
