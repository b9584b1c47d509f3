import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False in the server-rendered HTML and during hydration, true once React handles events. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
