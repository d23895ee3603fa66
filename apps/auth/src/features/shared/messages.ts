import { useCallback } from 'react';
import { useShellNavigation } from '@northstar/shell-sdk';
import { messagesFor, translateMessage } from '@northstar/validators';

/**
 * Translates a field error (an encoded §5 message from a rule or from the server) into the page's
 * language, with the validators' dictionaries (§5 "default validator messages are replaced by
 * translated dictionary messages").
 */
export function useFieldMessage(): (message: string | undefined) => string | undefined {
  const { locale } = useShellNavigation();
  return useCallback(
    (message) => (message ? translateMessage(message, messagesFor(locale)) : undefined),
    [locale],
  );
}
