/**
 * The name and e-mail a visitor gave earlier in this visit (the free audit's report form), offered again in the
 * contact form. Kept in this tab's sessionStorage only: gone when the tab closes, never seen by another tab or a later
 * visit, never a cookie or localStorage. Cleared once a message has been sent with them.
 */
export const visitDetailsKey = 'hale-visit-details';

export type VisitDetails = { name?: string; email?: string };

export function readVisitDetails(): VisitDetails {
  try {
    const raw = sessionStorage.getItem(visitDetailsKey);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!value || typeof value !== 'object') return {};
    const { name, email } = value as Record<string, unknown>;
    return { name: typeof name === 'string' ? name : undefined, email: typeof email === 'string' ? email : undefined };
  } catch {
    // Storage refused (private mode, disabled) or not ours: nothing to offer.
    return {};
  }
}

export function forgetVisitDetails(): void {
  try {
    sessionStorage.removeItem(visitDetailsKey);
  } catch {
    // Storage refused: nothing was kept.
  }
}

/** Fills a contact form's empty name and e-mail fields with what the visitor gave in this visit; never over typing. */
export function fillVisitDetails(form: HTMLFormElement): void {
  const details = readVisitDetails();
  for (const name of ['name', 'email'] as const) {
    const field = form.elements.namedItem(name);
    const value = details[name];
    if (field instanceof HTMLInputElement && field.value === '' && value) field.value = value;
  }
}
