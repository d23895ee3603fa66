import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { formatCurrency } from '@northstar/i18n/format';
import { useShellNavigation } from '@northstar/shell-sdk';
import type { CampaignOffer } from './api.ts';

const Terms = styled.ul`
  margin: 12px 0 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: 6px;
  font-size: 0.9375rem;
  li::before {
    content: '✓ ';
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
`;

/**
 * An offer's terms in plain words (issue #26: bonuses are where players complain most, so the
 * amount, the wagering, the minimum deposit and the max bet are said before the claim).
 */
export function OfferTerms({ offer }: { offer: CampaignOffer }) {
  const { locale } = useShellNavigation();
  const money = (amount: string) => formatCurrency(amount, offer.currency, locale);
  const percent = offer.percent;
  const cap = offer.cap === null ? null : money(offer.cap);
  const amount = offer.amount === null ? null : money(offer.amount);
  const minimum = offer.min_deposit === null ? null : money(offer.min_deposit);
  const maxBet = offer.max_bet === null ? null : money(offer.max_bet);
  const times = offer.wagering_multiplier;
  return (
    <Terms data-testid="offer-terms">
      {percent !== null && cap !== null ? (
        <li>
          <Trans id="promo.terms.match">
            {percent}% of your deposit, up to {cap}
          </Trans>
        </li>
      ) : percent !== null ? (
        <li>
          <Trans id="promo.terms.matchNoCap">{percent}% of your deposit</Trans>
        </li>
      ) : amount !== null ? (
        <li>
          <Trans id="promo.terms.amount">{amount} of bonus money</Trans>
        </li>
      ) : null}
      {offer.trigger.action === 'deposit' && minimum !== null ? (
        <li>
          <Trans id="promo.terms.minDeposit">Minimum deposit {minimum}</Trans>
        </li>
      ) : null}
      {times > 0 ? (
        <li>
          <Trans id="promo.terms.wagering">
            Wager the bonus {times} times before it can be withdrawn
          </Trans>
        </li>
      ) : null}
      {maxBet !== null ? (
        <li>
          <Trans id="promo.terms.maxBet">At most {maxBet} per bet while you wager</Trans>
        </li>
      ) : null}
      {offer.trigger.params.exclude_methods.length > 0 ? (
        <li>
          <Trans id="promo.terms.excluded">
            Not with: {offer.trigger.params.exclude_methods.join(', ')}
          </Trans>
        </li>
      ) : null}
    </Terms>
  );
}
