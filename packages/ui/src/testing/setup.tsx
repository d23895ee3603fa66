import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { ThemeProvider } from '../theme-provider.tsx';

/**
 * Renders `ui` inside the real theme provider and returns a user-event session, as the style
 * guide's `setup()` helper does. With `fakeTimers`, user-event does not wait between its steps
 * (the test moves the clock itself).
 */
export function setup(
  ui: ReactElement,
  options: { fakeTimers?: boolean } = {},
): RenderResult & { user: UserEvent } {
  const user = userEvent.setup(options.fakeTimers ? { delay: null } : undefined);
  const result = render(<ThemeProvider>{ui}</ThemeProvider>);
  return { ...result, user };
}
