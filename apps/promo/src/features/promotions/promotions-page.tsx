import { Trans } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { PageContainer, Skeleton } from '@northstar/ui';
import {
  useOffers,
  usePromotions,
  useSignedIn,
  type CampaignOffer,
  type Promotion,
} from '../shared/api.ts';
import { ClaimButton } from '../shared/claim-button.tsx';
import { OfferTerms } from '../shared/offer-terms.tsx';
import { Card, CardLink, Grid, Lead, Muted, PageTitle, Section } from '../shared/parts.tsx';
import { PromoCodeForm } from '../promo-code/promo-code-form.tsx';

/** The offer a promotion presents: the one naming its slug (campaigns' `promotions`). */
export function offerOf(
  offers: readonly CampaignOffer[] | undefined,
  slug: string,
): CampaignOffer | undefined {
  return offers?.find((offer) => offer.promotions.includes(slug));
}

function PromotionCard({ promotion, offer }: { promotion: Promotion; offer?: CampaignOffer }) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath('promotion', { id: promotion.slug }, locale));
  return (
    <Card data-promotion={promotion.slug}>
      <h2>{promotion.title}</h2>
      {promotion.summary ? <p>{promotion.summary}</p> : null}
      {offer ? <OfferTerms offer={offer} /> : null}
      <p style={{ marginTop: 12 }}>
        <CardLink {...link}>
          <Trans id="promo.promotions.details">Full terms</Trans>
        </CardLink>
      </p>
      {offer ? <ClaimButton offer={offer} /> : null}
    </Card>
  );
}

/** §2 `/promotions`: the content backend's promotions, each with its offer's claim button. */
export function PromotionsPage() {
  const promotions = usePromotions();
  const offers = useOffers();
  const signedIn = useSignedIn();
  return (
    <PageContainer data-remote="promo">
      <PageTitle>
        <Trans id="promo.promotions.title">Promotions</Trans>
      </PageTitle>
      <Lead>
        <Trans id="promo.promotions.lead">
          Every bonus here shows its wagering, its minimum deposit and its maximum bet before you
          claim it.
        </Trans>
      </Lead>
      {promotions.data ? (
        promotions.data.length > 0 ? (
          <Grid>
            {promotions.data.map((promotion) => (
              <PromotionCard
                key={promotion.slug}
                promotion={promotion}
                offer={offerOf(offers.data?.items, promotion.slug)}
              />
            ))}
          </Grid>
        ) : (
          <Muted>
            <Trans id="promo.promotions.none">There are no promotions running right now.</Trans>
          </Muted>
        )
      ) : promotions.isError ? (
        <Muted role="alert">
          <Trans id="promo.load.failed">This page could not be loaded. Please try again.</Trans>
        </Muted>
      ) : (
        <Skeleton $height="220px" $radius="16px" />
      )}
      {signedIn ? (
        <Section aria-labelledby="promo-code-title">
          <h2 id="promo-code-title">
            <Trans id="promo.code.title">Have a promo code?</Trans>
          </h2>
          <PromoCodeForm />
        </Section>
      ) : null}
    </PageContainer>
  );
}
