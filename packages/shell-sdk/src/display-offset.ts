import { useSyncExternalStore } from 'react';
import { FIXED_OFFSET_HOURS } from '@northstar/i18n/format';

const noSubscription = () => () => {};

/**
 * The offset to show times at: the server renders (and the browser hydrates) at the §9 fixed
 * offset so both print the same text, then the browser switches to the viewer's own time zone
 * (`undefined`: the formatters of `@northstar/i18n/format` then use the browser's zone).
 */
export function useDisplayOffset(): number | undefined {
  return useSyncExternalStore(
    noSubscription,
    () => undefined,
    () => FIXED_OFFSET_HOURS,
  );
}
