import { useLingui } from '@lingui/react';
import { bookLabels, type BookLabels } from '@northstar/bet-labels';

/**
 * The book's words in the page's language (issue #29), from `@northstar/bet-labels` (the
 * profile's bet history says them the same way).
 */
export function useBookLabels(): BookLabels {
  const { i18n } = useLingui();
  return bookLabels(i18n);
}

export type { BookLabels, OutcomeNaming } from '@northstar/bet-labels';
