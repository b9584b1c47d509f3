/** The dashboard says which tab it shows, so the admin's navigation (another island) marks it as the current page. */
import { type AdminTab, parseTab } from '~/config/admin';

const eventName = 'admin-tab-chosen';

export function announceTab(tab: AdminTab) {
  window.dispatchEvent(new CustomEvent(eventName, { detail: tab }));
}

/** Calls `listener` with each tab the dashboard shows; answers the function that stops listening. */
export function onTabChosen(listener: (tab: AdminTab) => void): () => void {
  const handle = (event: Event) => listener(parseTab(String((event as CustomEvent).detail)));
  window.addEventListener(eventName, handle);
  return () => window.removeEventListener(eventName, handle);
}
