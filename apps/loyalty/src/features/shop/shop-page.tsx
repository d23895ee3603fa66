import { useState } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { refreshBalance, routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { responsiveImage } from '@northstar/shell-sdk/images';
import { Button, Icon, Skeleton, type IconName } from '@northstar/ui';
import {
  loyaltyApi,
  loyaltyKey,
  loyaltyKeyPrefix,
  LOYALTY_METHODS,
  useViewer,
  type LoyaltyInfo,
  type LoyaltyProduct,
  type LoyaltyPurchase,
} from '../shared/api.ts';
import { newRequestId, runPurchase, type PurchaseFailure } from '../shared/loyalty-model.ts';
import {
  BackLink,
  Grid,
  Hero,
  Label,
  Lead,
  LoadError,
  Notice,
  Page,
  PageTitle,
  Points,
} from '../shared/parts.tsx';
import { useLoyaltyInfo, useProducts } from '../shared/queries.ts';
import { useShopPopups } from './shop-dialogs.tsx';

const Balance = styled.div`
  display: grid;
  gap: 6px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: rgba(10, 14, 26, 0.55);
  border: 1px solid ${({ theme }) => theme.colors.border};
  strong {
    font-family: ${({ theme }) => theme.fonts.display};
    font-size: 28px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Card = styled.li`
  display: grid;
  grid-template-rows: auto auto 1fr auto;
  gap: 12px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h2 {
    margin: 0;
    font-size: 18px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Art = styled.div`
  display: grid;
  place-items: center;
  height: 120px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.gradients.hero};
  color: ${({ theme }) => theme.colors.primary};
  overflow: hidden;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Price = styled.div`
  display: flex;
  align-items: baseline;
  flex-wrap: wrap;
  gap: 8px;
  font-family: ${({ theme }) => theme.fonts.display};
  font-weight: 800;
  font-size: 20px;
  s {
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: 14px;
    font-weight: 400;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Buy = styled.div`
  display: grid;
  gap: 8px;
`;

const Hint = styled.span`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ICONS: Record<LoyaltyProduct['type'], IconName> = {
  freespins: 'star',
  cash: 'coins',
  bonus: 'gift',
};

/** The message a purchase refusal shows on its product (packages/errors loyalty.ts, §8). */
function FailureText({ failure }: { failure: PurchaseFailure | 'level-too-low' | 'unavailable' }) {
  switch (failure) {
    case 'level-too-low':
      return <Trans id="loyalty.shop.errorLevel">This product is for a higher level.</Trans>;
    case 'unavailable':
      return (
        <Trans id="loyalty.shop.errorUnavailable">This product is not available to you now.</Trans>
      );
    case 'insufficient':
      return <Trans id="loyalty.shop.errorPoints">You do not have enough points.</Trans>;
    case 'too-many':
      return (
        <Trans id="loyalty.shop.errorTooMany">
          Too many attempts. Wait a moment and try again.
        </Trans>
      );
    case 'signed-out':
      return <Trans id="loyalty.shop.errorSignedOut">Sign in again to buy.</Trans>;
    default:
      return (
        <Trans id="loyalty.shop.errorOther">The purchase did not go through. Try again.</Trans>
      );
  }
}

/** `/loyalty/shop` (§2, issue #27): products priced in points, bought through the popups. */
export function ShopView() {
  const viewer = useViewer();
  const signedIn = viewer !== null && viewer > 0;
  const info = useLoyaltyInfo();
  const products = useProducts();
  const queryClient = useQueryClient();
  const { locale } = useShellNavigation();
  const back = useLinkProps(routePath('loyalty', {}, locale));
  const [failures, setFailures] = useState<Record<number, PurchaseFailure>>({});
  const [busy, setBusy] = useState<number | null>(null);
  const pointsNow = () =>
    (queryClient.getQueryData(loyaltyKey('info')) as LoyaltyInfo | undefined)?.points ?? 0;

  const popups = useShopPopups(pointsNow, {
    buy: async (product, requestId) =>
      (await loyaltyApi.send(LOYALTY_METHODS.buy, {
        product_id: product.id,
        request_id: requestId,
      })) as LoyaltyPurchase,
    notice: (product, failure) =>
      setFailures((now) => ({ ...now, [product.id]: failure as PurchaseFailure })),
    refresh: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loyaltyKey('info') }),
        queryClient.invalidateQueries({ queryKey: loyaltyKeyPrefix('products') }),
        // A cash product reaches the wallet.
        refreshBalance(queryClient),
      ]);
    },
  });

  const buy = async (product: LoyaltyProduct) => {
    setFailures(({ [product.id]: _gone, ...rest }) => rest);
    setBusy(product.id);
    try {
      await runPurchase(product, signedIn, popups, newRequestId());
    } finally {
      setBusy(null);
    }
  };

  const discount = info.data?.level.shop_discount_percent ?? 0;
  const level = info.data?.level.name ?? '';
  return (
    <Page data-remote="loyalty" data-page="loyalty-shop">
      <BackLink {...back}>
        <Trans id="loyalty.shop.back">← VIP Club</Trans>
      </BackLink>
      <Hero>
        <div>
          <Label>
            <Trans id="loyalty.loyalty.title">VIP Club</Trans>
          </Label>
          <PageTitle>
            <Trans id="loyalty.loyaltyShop.title">Loyalty shop</Trans>
          </PageTitle>
          <Lead>
            <Trans id="loyalty.shop.lead">
              Spend your points on free spins, bonuses and cash. Higher levels pay less.
            </Trans>
          </Lead>
        </div>
        {signedIn ? (
          <Balance>
            <Label as="span">
              <Trans id="loyalty.hero.points">Points to spend</Trans>
            </Label>
            {info.data ? (
              <strong data-testid="loyalty-points">
                <Points value={info.data.points} />
              </strong>
            ) : (
              <Skeleton $height="34px" $width="160px" />
            )}
            {discount > 0 ? (
              <p>
                <Trans id="loyalty.shop.discount">
                  As {level} you pay {discount}% less.
                </Trans>
              </p>
            ) : null}
          </Balance>
        ) : null}
      </Hero>
      {products.data ? (
        products.data.items.length > 0 ? (
          <Grid>
            {products.data.items.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                signedIn={signedIn}
                busy={busy === product.id}
                failure={failures[product.id] ?? null}
                onBuy={() => void buy(product)}
              />
            ))}
          </Grid>
        ) : (
          <Lead>
            <Trans id="loyalty.shop.empty">The shop is empty at the moment.</Trans>
          </Lead>
        )
      ) : products.isError ? (
        <LoadError onRetry={() => void products.refetch()} />
      ) : (
        <Skeleton $height="320px" $radius="24px" />
      )}
    </Page>
  );
}

function ProductCard({
  product,
  signedIn,
  busy,
  failure,
  onBuy,
}: {
  product: LoyaltyProduct;
  signedIn: boolean;
  busy: boolean;
  failure: PurchaseFailure | null;
  onBuy: () => void;
}) {
  const { t } = useLingui();
  const title = product.title;
  const minLevel = product.min_level;
  const locked = product.refusal === 'level_too_low';
  const unavailable = product.refusal === 'product_unavailable';
  return (
    <Card data-product={product.sysname}>
      <Art aria-hidden="true">
        {product.image_url ? (
          <img
            {...responsiveImage(product.image_url, 360)}
            sizes="(min-width: 768px) 360px, 100vw"
            alt=""
          />
        ) : (
          <Icon name={ICONS[product.type]} size={48} />
        )}
      </Art>
      <h2>{title}</h2>
      <p>{product.description}</p>
      <Buy>
        <Price data-testid="product-price">
          <Points value={product.price} />
          {product.price < product.list_price ? (
            <s>
              <Points value={product.list_price} />
            </s>
          ) : null}
        </Price>
        {minLevel > 1 ? (
          <Hint>
            <Trans id="loyalty.shop.minLevel">From level {minLevel}</Trans>
          </Hint>
        ) : null}
        <Button
          onClick={onBuy}
          disabled={busy || locked || unavailable}
          aria-label={
            signedIn
              ? t({ id: 'loyalty.shop.buyLabel', message: `Buy: ${title}` })
              : t({ id: 'loyalty.shop.signInToBuyLabel', message: `Sign in to buy: ${title}` })
          }
        >
          {signedIn ? (
            <Trans id="loyalty.shop.buy">Buy</Trans>
          ) : (
            <Trans id="loyalty.shop.signInToBuy">Sign in to buy</Trans>
          )}
        </Button>
        {locked || unavailable ? (
          <Hint>
            <FailureText failure={locked ? 'level-too-low' : 'unavailable'} />
          </Hint>
        ) : null}
        {failure ? (
          <Notice role="alert">
            <FailureText failure={failure} />
          </Notice>
        ) : null}
      </Buy>
    </Card>
  );
}
