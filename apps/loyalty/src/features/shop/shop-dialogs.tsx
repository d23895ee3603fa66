import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  confirm,
  openAuthDialog,
  openDialog,
  routePath,
  useLinkProps,
  useShellNavigation,
  type DialogContentProps,
} from '@northstar/shell-sdk';
import { Button, ButtonLink } from '@northstar/ui';
import type { LoyaltyProduct } from '../shared/api.ts';
import type { PurchaseSteps } from '../shared/loyalty-model.ts';
import { Points } from '../shared/parts.tsx';

/** §2 LoyaltyShopPopupConfirm, LoyaltyShopInsufficientFundsPopup, LoyaltyShopPopupBuy. */
export const SHOP_CONFIRM_DIALOG = 'loyalty-shop-confirm';
export const SHOP_INSUFFICIENT_DIALOG = 'loyalty-shop-insufficient';
export const SHOP_BOUGHT_DIALOG = 'loyalty-shop-bought';

const Body = styled.div`
  display: grid;
  gap: 12px;
  p {
    margin: 0;
  }
  strong {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 10px;
  margin-top: 8px;
`;

interface InsufficientProps {
  product: LoyaltyProduct;
  points: number;
}

function InsufficientPopup({ props, close }: DialogContentProps<InsufficientProps>) {
  const { locale } = useShellNavigation();
  const games = useLinkProps(routePath('gamehall', {}, locale));
  const missing = Math.max(0, props.product.price - props.points);
  const title = props.product.title;
  return (
    <Body data-dialog={SHOP_INSUFFICIENT_DIALOG}>
      <p>
        <Trans id="loyalty.shop.insufficientText">
          {title} costs <Points value={props.product.price} />; you have{' '}
          <Points value={props.points} />.
        </Trans>
      </p>
      <p>
        <Trans id="loyalty.shop.insufficientMissing">
          Earn{' '}
          <strong>
            <Points value={missing} />
          </strong>{' '}
          more by playing: every real-money game counts.
        </Trans>
      </p>
      <Actions>
        <Button type="button" variant="secondary" onClick={() => close()}>
          <Trans id="loyalty.shop.close">Close</Trans>
        </Button>
        <ButtonLink
          href={games.href}
          onClick={(event) => {
            close();
            games.onClick(event);
          }}
        >
          <Trans id="loyalty.shop.play">Play games</Trans>
        </ButtonLink>
      </Actions>
    </Body>
  );
}

interface BoughtProps {
  product: LoyaltyProduct;
  pointsLeft: number;
}

function BoughtPopup({ props, close }: DialogContentProps<BoughtProps>) {
  const title = props.product.title;
  return (
    <Body data-dialog={SHOP_BOUGHT_DIALOG}>
      <p>
        <Trans id="loyalty.shop.boughtText">
          <strong>{title}</strong> is yours.
        </Trans>{' '}
        {props.product.type === 'freespins' ? (
          <Trans id="loyalty.shop.boughtSpins">Your free spins are waiting on the game.</Trans>
        ) : props.product.type === 'cash' ? (
          <Trans id="loyalty.shop.boughtCash">The money is in your balance.</Trans>
        ) : (
          <Trans id="loyalty.shop.boughtBonus">Find the bonus in your profile.</Trans>
        )}
      </p>
      <p data-testid="loyalty-points-left">
        <Trans id="loyalty.shop.pointsLeft">
          Points left: <Points value={props.pointsLeft} />
        </Trans>
      </p>
      <Actions>
        <Button type="button" onClick={() => close()}>
          <Trans id="loyalty.shop.great">Great</Trans>
        </Button>
      </Actions>
    </Body>
  );
}

/** The real popups of a purchase, for `runPurchase`; notices and refresh come from the page. */
export function useShopPopups(
  /** The player's points now (read when a popup opens: a refusal refreshed them first). */
  pointsNow: () => number,
  rest: Pick<PurchaseSteps, 'buy' | 'notice' | 'refresh'>,
): PurchaseSteps {
  const { t } = useLingui();
  return {
    signIn: () => openAuthDialog('authorization'),
    confirm: (product) => {
      const title = product.title;
      const points = pointsNow();
      return confirm({
        id: SHOP_CONFIRM_DIALOG,
        size: 'small',
        title: t({ id: 'loyalty.shop.confirmTitle', message: 'Buy with points?' }),
        text: (
          <Trans id="loyalty.shop.confirmText">
            Buy {title} for <Points value={product.price} />? You will have{' '}
            <Points value={Math.max(0, points - product.price)} /> left.
          </Trans>
        ),
        agreeLabel: <Trans id="loyalty.shop.confirmAgree">Buy</Trans>,
        rejectLabel: <Trans id="loyalty.shop.cancel">Cancel</Trans>,
      });
    },
    insufficient: async (product) => {
      await openDialog<InsufficientProps>({
        id: SHOP_INSUFFICIENT_DIALOG,
        size: 'small',
        title: t({ id: 'loyalty.shop.insufficientTitle', message: 'Not enough points' }),
        component: InsufficientPopup,
        props: { product, points: pointsNow() },
      });
    },
    bought: async (product, pointsLeft) => {
      await openDialog<BoughtProps>({
        id: SHOP_BOUGHT_DIALOG,
        size: 'small',
        title: t({ id: 'loyalty.shop.boughtTitle', message: 'Bought!' }),
        component: BoughtPopup,
        props: { product, pointsLeft },
      });
    },
    ...rest,
  };
}
