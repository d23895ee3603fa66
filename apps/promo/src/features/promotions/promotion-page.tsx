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
import { Article, CardLink, Muted, PageTitle, PromotionText } from '../shared/parts.tsx';
import { offerOf } from './promotions-page.tsx';

/** §2 `/promotions/{id}`: one promotion (its slug) with its offer's terms and claim button. */
export function PromotionPage({ params }: RemotePageProps<'promotion'>) {
  const { id } = params;
  const { locale } = useShellNavigation();
  const back = useLinkProps(routePath('promotions', {}, locale));
  const promotion = usePromotion(id);
  const offers = useOffers();
  const offer = offerOf(offers.data?.items, id);
  return (
    <PageContainer data-remote="promo">
      <CardLink {...back}>
        <Trans id="promo.promotion.back">← All promotions</Trans>
      </CardLink>
      {promotion.data === null ? (
        // An ended promotion's link (an old e-mail, a bookmark) says so and leads on; it is
        // no error of the site.
        <Article data-testid="promotion-missing">
          <PageTitle>
            <Trans id="promo.promotion.missing.title">This promotion is not running</Trans>
          </PageTitle>
          <p>
            <Trans id="promo.promotion.missing.text">
              It may have ended. The promotions running today are on the promotions page.
            </Trans>
          </p>
        </Article>
      ) : promotion.data ? (
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
