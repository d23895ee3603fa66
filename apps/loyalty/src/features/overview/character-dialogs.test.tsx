// @vitest-environment happy-dom
import type { ReactElement, ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@northstar/ui';
import { CharacterChangePopup } from './character-dialogs.tsx';

vi.mock('@lingui/react/macro', () => ({
  Trans: ({ children }: { children: ReactNode }) => children,
  useLingui: () => ({ t: (d: { message: string }) => d.message }),
}));

afterEach(cleanup);

/** Renders with the real theme and answers a user-event session (the style guide's setup()). */
function setup(ui: ReactElement) {
  const user = userEvent.setup();
  render(<ThemeProvider>{ui}</ThemeProvider>);
  return { user };
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

const NAVIGATOR = { id: 1, sysname: 'navigator', name: 'The Navigator', image_url: null };
const COMET = { id: 3, sysname: 'comet', name: 'The Comet', image_url: null };

describe('LoyaltyCharacterChangePopup', () => {
  it('answers the character picked; the current one cannot be chosen again', async () => {
    const close = vi.fn();
    const { user } = setup(
      <CharacterChangePopup
        id="loyalty-character-change"
        close={close}
        props={{ characters: [NAVIGATOR, COMET], current: NAVIGATOR }}
      />,
    );
    const choose = screen.getByRole('button', { name: 'Choose' }) as HTMLButtonElement;
    expect(radio('The Navigator').checked).toBe(true);
    expect(choose.disabled).toBe(true);
    await user.click(radio('The Comet'));
    expect(radio('The Comet').checked).toBe(true);
    expect(choose.disabled).toBe(false);
    await user.click(choose);
    expect(close).toHaveBeenCalledWith(COMET);
  });

  it('answers null when cancelled', async () => {
    const close = vi.fn();
    const { user } = setup(
      <CharacterChangePopup
        id="loyalty-character-change"
        close={close}
        props={{ characters: [NAVIGATOR, COMET], current: null }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(close).toHaveBeenCalledWith(null);
  });
});
