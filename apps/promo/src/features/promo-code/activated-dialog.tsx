import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { formatCurrency } from '@northstar/i18n/format';
import {
  routePath,
  useLinkProps,
  useShellNavigation,
  type DialogContentProps,
} from '@northstar/shell-sdk';
import { ButtonLink } from '@northstar/ui';
import type { PromoActivatedProps } from '../shared/activated-props.ts';

const Amount = styled.p`
  margin: 8px 0 4px;
  font-size: 1.75rem;
  font-weight: 800;
  color: ${({ theme }) => theme.colors.primary};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 20px;
  > * {
    flex: 1 1 160px;
  }
`;

export function PromoActivatedTitle({ props }: { props: PromoActivatedProps }) {
  return props.promoCode ? (
    <Trans id="promo.activated.title">Promo code {props.promoCode} activated</Trans>
  ) : (
    <Trans id="promo.activated.offerTitle">Offer claimed</Trans>
  );
}

/**
 * PromocodeActivatedPopup (§2, §4): what a code or a claimed offer gave — the bonus now waiting
 * in the player's bonuses (activated there, when the player chooses to start wagering), or the
 * deposit offer the next deposit takes.
 */
export function PromoActivatedDialog({ props, close }: DialogContentProps<PromoActivatedProps>) {
  const { locale } = useShellNavigation();
  const bonuses = useLinkProps(routePath('profileBonuses', {}, locale));
  const deposit = useLinkProps(
    props.offer
      ? `${routePath('cashierDeposit', {}, locale)}?campaign_offer_id=${props.offer.id}`
      : routePath('cashierDeposit', {}, locale),
  );
  const { bonus, offer } = props;
  return (
    <div data-testid="promo-activated">
      {bonus ? (
        <>
          <p>
            <Trans id="promo.activated.bonus">{bonus.name} is waiting in your bonuses:</Trans>
          </p>
          <Amount data-testid="promo-activated-amount">
            {formatCurrency(bonus.amount.amount, bonus.amount.currency, locale)}
          </Amount>
          <p>
            <Trans id="promo.activated.bonusHint">
              Activate it in My bonuses when you are ready to play: its wagering starts then.
            </Trans>
          </p>
        </>
      ) : offer ? (
        <p>
          <Trans id="promo.activated.offer">
            {offer.title} applies to your next deposit. Choose it on the deposit form.
          </Trans>
        </p>
      ) : null}
      {props.title ? <p>{props.title}</p> : null}
      <Actions>
        {offer ? (
          <ButtonLink
            {...deposit}
            onClick={(event) => {
              deposit.onClick(event);
              close();
            }}
          >
            <Trans id="promo.activated.deposit">Make a deposit</Trans>
          </ButtonLink>
        ) : (
          <ButtonLink
            {...bonuses}
            onClick={(event) => {
              bonuses.onClick(event);
              close();
            }}
          >
            <Trans id="promo.activated.toBonuses">Go to my bonuses</Trans>
          </ButtonLink>
        )}
      </Actions>
    </div>
  );
}
