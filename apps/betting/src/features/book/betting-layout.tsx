import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtom, useAtomValue } from 'jotai';
import { media, PageContainer } from '@northstar/ui';
import { DialogFrame } from '@northstar/ui/dialog';
import { Tabs } from '@northstar/ui/forms';
import { MyBets } from '../bets/my-bets.tsx';
import { BetSlip } from '../slip/bet-slip.tsx';
import { QuickBetControl } from '../slip/quick-bet-control.tsx';
import { slipAtom, slipOpenAtom, slipTabAtom, useKeptSlip } from '../slip/slip-state.ts';

/**
 * The betting pages' frame (issue #29): the book on the left, the slip and the player's bets in a
 * column on the right from laptop width; on a phone the slip is a bar above the bottom menu that
 * opens it in a drawer.
 */

const Page = styled(PageContainer)`
  display: grid;
  gap: 24px;
  ${media.below('laptop')} {
    padding-bottom: 140px;
  }
  ${media.from('laptop')} {
    grid-template-columns: minmax(0, 1fr) 360px;
    align-items: start;
  }
`;

const Main = styled.div`
  display: grid;
  gap: 20px;
  min-width: 0;
`;

const Aside = styled.aside`
  display: none;
  ${media.from('laptop')} {
    display: grid;
    gap: 14px;
    position: sticky;
    top: ${({ theme }) => theme.headerHeight.desktop + 16}px;
    max-height: calc(100vh - ${({ theme }) => theme.headerHeight.desktop + 32}px);
    overflow-y: auto;
    padding: 16px;
    border-radius: ${({ theme }) => theme.radii.xl};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    box-shadow: ${({ theme }) => theme.shadows.raised};
  }
`;

const Bar = styled.button`
  position: fixed;
  left: 12px;
  right: 12px;
  bottom: ${({ theme }) => theme.bottomMenuHeight + 12}px;
  z-index: ${({ theme }) => theme.zIndex.bottomMenu};
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 52px;
  padding: 0 18px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.gradients.gold};
  color: ${({ theme }) => theme.colors.onPrimary};
  font: inherit;
  font-weight: 800;
  box-shadow: ${({ theme }) => theme.shadows.gold};
  cursor: pointer;
  ${media.from('laptop')} {
    display: none;
  }
`;

const Count = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 28px;
  height: 28px;
  padding: 0 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.onPrimary};
  color: ${({ theme }) => theme.colors.primary};
`;

function SlipPanel() {
  const { t } = useLingui();
  const [tab, setTab] = useAtom(slipTabAtom);
  const count = useAtomValue(slipAtom).selections.length;
  return (
    <Tabs
      block
      label={t({ id: 'betting.slip.panel', message: 'Bet slip and my bets' })}
      value={tab}
      onChange={setTab}
      items={[
        {
          id: 'slip',
          label: t({ id: 'betting.slip.title', message: `Bet slip (${count})` }),
          panel: (
            <>
              <QuickBetControl />
              <BetSlip />
            </>
          ),
        },
        {
          id: 'bets',
          label: t({ id: 'betting.bets.title', message: 'My bets' }),
          panel: <MyBets />,
        },
      ]}
    />
  );
}

export function BettingLayout({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  useKeptSlip();
  const [open, setOpen] = useAtom(slipOpenAtom);
  const count = useAtomValue(slipAtom).selections.length;
  return (
    <Page data-remote="betting">
      <Main>{children}</Main>
      <Aside aria-label={t({ id: 'betting.slip.region', message: 'Bet slip' })}>
        <SlipPanel />
      </Aside>
      <Bar type="button" aria-haspopup="dialog" onClick={() => setOpen(true)} data-slip-bar>
        <span>
          <Trans id="betting.slip.open">Bet slip</Trans>
        </span>
        <Count>{count}</Count>
      </Bar>
      <DialogFrame
        open={open}
        kind="curtain"
        side="right"
        title={t({ id: 'betting.slip.region', message: 'Bet slip' })}
        closeLabel={t({ id: 'betting.slip.close', message: 'Close the bet slip' })}
        onClose={() => setOpen(false)}
      >
        <SlipPanel />
      </DialogFrame>
    </Page>
  );
}
