import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import type { DialogContentProps } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';

/** What the visitor chose in the DemoModePopup (§2); undefined when they closed it. */
export type DemoModeChoice = 'fun' | 'sign-up';

export const DEMO_MODE_DIALOG_ID = 'demo-mode';

export interface DemoModePopupProps {
  gameName: string;
}

const Text = styled.p`
  margin: 0 0 20px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Choices = styled.div`
  display: grid;
  gap: 10px;
  @media (min-width: 420px) {
    grid-template-columns: 1fr 1fr;
  }
`;

/**
 * The DemoModePopup of §2: a visitor opening a game plays it for fun (play money) or signs up
 * to play for real. The page acts on the answer; the popup only asks.
 */
export function DemoModePopup({ props, close }: DialogContentProps<DemoModePopupProps>) {
  const { gameName } = props;
  return (
    <>
      <Text>
        <Trans id="casino.game.demo.text">
          Try {gameName} with play money first, or sign up to play for real and keep what you win.
        </Trans>
      </Text>
      <Choices>
        <Button variant="secondary" onClick={() => close('fun' satisfies DemoModeChoice)}>
          <Trans id="casino.game.demo.fun">Play for fun</Trans>
        </Button>
        <Button onClick={() => close('sign-up' satisfies DemoModeChoice)}>
          <Trans id="casino.game.demo.signUp">Sign up</Trans>
        </Button>
      </Choices>
    </>
  );
}
