import { useState } from 'react';
import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { openAuthDialog, openDialog, routePath, useShellNavigation } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { promoApi, PROMO_METHODS, useSignedIn, type CampaignOffer } from './api.ts';
import { claimFailure } from './promo-errors.ts';
import { usePromoTexts } from './texts.ts';
import { PROMO_ACTIVATED_DIALOG, type PromoActivatedProps } from './activated-props.ts';

const Wrap = styled.div`
  margin-top: 16px;
  display: grid;
  gap: 8px;
  justify-items: start;
`;

const Problem = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.875rem;
`;

/**
 * An offer's claim button (§2 `/promotions/{id}`: "sign-in popup for visitors, activation for
 * players"). A deposit offer is taken with a deposit: the player goes to the deposit form, where
 * it is listed (§3 `campaign_offer_id`). Any other is taken at once (`takepromotions`) and the
 * PromocodeActivatedPopup says what was granted.
 */
export function ClaimButton({ offer }: { offer: CampaignOffer }) {
  const signedIn = useSignedIn();
  const { locale, navigate } = useShellNavigation();
  const queryClient = useQueryClient();
  const texts = usePromoTexts();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const claim = async () => {
    setProblem(null);
    if (!signedIn) {
      await openAuthDialog('authorization');
      return;
    }
    if (offer.trigger.action === 'deposit') {
      navigate(`${routePath('cashierDeposit', {}, locale)}?campaign_offer_id=${offer.id}`);
      return;
    }
    setBusy(true);
    try {
      const answer = await promoApi.send(PROMO_METHODS.takepromotions, { offer_id: offer.id });
      await queryClient.invalidateQueries({ queryKey: ['api', 'campaigns', 'getoffers'] });
      void openDialog<PromoActivatedProps>({
        id: PROMO_ACTIVATED_DIALOG,
        remote: 'promo',
        props: { title: offer.title, bonus: answer.bonus, offer: null },
      });
    } catch (error) {
      setProblem(texts.claimError(claimFailure(error)));
    } finally {
      setBusy(false);
    }
  };

  if (offer.taken) {
    return (
      <Wrap>
        <Button disabled data-testid="offer-claimed">
          <Trans id="promo.claim.taken">Claimed</Trans>
        </Button>
      </Wrap>
    );
  }
  return (
    <Wrap>
      <Button
        onClick={() => void claim()}
        disabled={busy || signedIn === null}
        data-testid="offer-claim"
      >
        {offer.trigger.action === 'deposit' ? (
          <Trans id="promo.claim.deposit">Claim with a deposit</Trans>
        ) : (
          <Trans id="promo.claim.take">Claim now</Trans>
        )}
      </Button>
      {problem ? <Problem role="alert">{problem}</Problem> : null}
    </Wrap>
  );
}
