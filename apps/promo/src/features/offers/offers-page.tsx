import { Trans } from '@lingui/react/macro';
import {
  routePath,
  useLinkProps,
  useShellNavigation,
  type RemotePageProps,
} from '@northstar/shell-sdk';
import { PageContainer, Skeleton } from '@northstar/ui';
import { useOffers, type CampaignOffer } from '../shared/api.ts';
import { ClaimButton } from '../shared/claim-button.tsx';
import { OfferTerms } from '../shared/offer-terms.tsx';
import { Article, Card, CardLink, Grid, Lead, Muted, PageTitle } from '../shared/parts.tsx';

function OfferCard({ offer }: { offer: CampaignOffer }) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath('offer', { id: String(offer.id) }, locale));
  return (
    <Card data-offer={offer.id}>
      <h2>{offer.title}</h2>
      {offer.description ? <p>{offer.description}</p> : null}
      <OfferTerms offer={offer} />
      <p style={{ marginTop: 12 }}>
        <CardLink {...link}>
          <Trans id="promo.offers.details">Details</Trans>
        </CardLink>
      </p>
      <ClaimButton offer={offer} />
    </Card>
  );
}

function LoadFailed() {
  return (
    <Muted role="alert">
      <Trans id="promo.load.failed">This page could not be loaded. Please try again.</Trans>
    </Muted>
  );
}

/**
 * §2 `/offers`: the offers this visitor or player may take (§6: a visitor sees every offer, a
 * player those whose trigger params they satisfy).
 */
export function OffersPage() {
  const offers = useOffers();
  return (
    <PageContainer data-remote="promo">
      <PageTitle>
        <Trans id="promo.offers.title">Offers</Trans>
      </PageTitle>
      <Lead>
        <Trans id="promo.offers.lead">The offers open to you today, with their full terms.</Trans>
      </Lead>
      {offers.data ? (
        offers.data.items.length > 0 ? (
          <Grid>
            {offers.data.items.map((offer) => (
              <OfferCard key={offer.id} offer={offer} />
            ))}
          </Grid>
        ) : (
          <Muted>
            <Trans id="promo.offers.none">There are no offers for you right now.</Trans>
          </Muted>
        )
      ) : offers.isError ? (
        <LoadFailed />
      ) : (
        <Skeleton $height="220px" $radius="16px" />
      )}
    </PageContainer>
  );
}

/** §2 `/offers/{id}`: one offer, its terms and its claim button. */
export function OfferPage({ params }: RemotePageProps<'offer'>) {
  const { id } = params;
  const { locale } = useShellNavigation();
  const back = useLinkProps(routePath('offers', {}, locale));
  const offers = useOffers();
  const offer = offers.data?.items.find((item) => String(item.id) === id);
  return (
    <PageContainer data-remote="promo">
      <CardLink {...back}>
        <Trans id="promo.offer.back">← All offers</Trans>
      </CardLink>
      {offers.data && !offer ? (
        // §6: an offer the player does not satisfy (or one that ended) is not shown to them.
        <Article data-testid="offer-missing">
          <PageTitle>
            <Trans id="promo.offer.missing.title">This offer is not available</Trans>
          </PageTitle>
          <p>
            <Trans id="promo.offer.missing.text">
              It may have ended, or it may not apply to your account. See the offers open to you
              today.
            </Trans>
          </p>
        </Article>
      ) : offer ? (
        <Article data-offer={offer.id}>
          <PageTitle>{offer.title}</PageTitle>
          {offer.description ? <p>{offer.description}</p> : null}
          <OfferTerms offer={offer} />
          <ClaimButton offer={offer} />
        </Article>
      ) : offers.isError ? (
        <LoadFailed />
      ) : (
        <Skeleton $height="260px" $radius="16px" />
      )}
    </PageContainer>
  );
}
