import { Trans } from '@lingui/react/macro';
import {
  routePath,
  useLinkProps,
  useShellNavigation,
  type RemotePageProps,
} from '@northstar/shell-sdk';
import { PageContainer, Skeleton } from '@northstar/ui';
import { useOffers, usePromotion } from '../shared/api.ts';
import { ClaimButton } from '../shared/claim-button.tsx';
import { OfferTerms } from '../shared/offer-terms.tsx';
import {
  Article,
  CardLink,
  Muted,
  PageTitle,
  PromoNotFound,
  PromotionText,
} from '../shared/parts.tsx';
import { offerOf } from './promotions-page.tsx';

/** §2 `/promotions/{id}`: one promotion (its slug) with its offer's terms and claim button. */
export function PromotionPage({ params }: RemotePageProps<'promotion'>) {
  const { id } = params;
  const { locale } = useShellNavigation();
  const back = useLinkProps(routePath('promotions', {}, locale));
  const promotion = usePromotion(id);
  const offers = useOffers();
  if (promotion.data === null) throw new PromoNotFound(`promotion ${id}`);
  const offer = offerOf(offers.data?.items, id);
  return (
    <PageContainer data-remote="promo">
      <CardLink {...back}>
        <Trans id="promo.promotion.back">← All promotions</Trans>
      </CardLink>
      {promotion.data ? (
        <Article>
          <PageTitle>{promotion.data.title}</PageTitle>
          {promotion.data.summary ? <p>{promotion.data.summary}</p> : null}
          {offer ? <OfferTerms offer={offer} /> : null}
          {offer ? <ClaimButton offer={offer} /> : null}
          <PromotionText content={promotion.data.content ?? ''} />
        </Article>
      ) : promotion.isError ? (
        <Muted role="alert">
          <Trans id="promo.load.failed">This page could not be loaded. Please try again.</Trans>
        </Muted>
      ) : (
        <Skeleton $height="320px" $radius="16px" />
      )}
    </PageContainer>
  );
}
