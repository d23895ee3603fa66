import type { DepositOffer, DepositSettings, PaymentMethod } from '../shared/api.ts';

/**
 * The methods a player may deposit with now: those the market has, minus the excluded ones
 * (their provider is not configured), in the player's currency when the method names currencies.
 */
export function depositMethods(settings: DepositSettings): PaymentMethod[] {
  const excluded = new Set(settings.excluded_methods);
  return settings.methods.filter(
    (method) =>
      !excluded.has(method.sysname) &&
      (method.currencies.length === 0 || method.currencies.includes(settings.currency)),
  );
}

/**
 * The method shown first: the one the path names (`/cashier/deposit/{sysname}`), else the first.
 * `unknown` says that the path named a method that cannot be used now.
 */
export function chooseMethod(
  methods: readonly PaymentMethod[],
  sysname: string | undefined,
): { method: PaymentMethod | undefined; unknown: boolean } {
  if (sysname) {
    const named = methods.find((method) => method.sysname === sysname);
    if (named) return { method: named, unknown: false };
    return { method: methods[0], unknown: true };
  }
  return { method: methods[0], unknown: false };
}

/** The offer the player picked, if it still exists. */
export function chosenOffer(
  offers: readonly DepositOffer[],
  offerId: number | null,
): DepositOffer | undefined {
  return offerId === null ? undefined : offers.find((offer) => offer.id === offerId);
}

/**
 * The offers a deposit with this method may take (§3 Offers `trigger.params.exclude_methods`,
 * issue #26): an offer that excludes the method is not offered with it (the server refuses it
 * on `campaign_offer_id` too).
 */
export function offersForMethod(
  offers: readonly DepositOffer[],
  method: PaymentMethod | undefined,
): DepositOffer[] {
  return offers.filter((offer) => !method || !offer.exclude_methods?.includes(method.sysname));
}

/**
 * The offer a link chose (`?campaign_offer_id=`: a promotion's claim button, a promo code's
 * popup), when the player may take it; else none.
 */
export function offerFromQuery(offers: readonly DepositOffer[], search: string): number | null {
  const id = Number(new URLSearchParams(search).get('campaign_offer_id'));
  return offers.some((offer) => offer.id === id) ? id : null;
}

/** What makedeposit receives: the method, the amount as typed (trimmed), the offer if any. */
export function depositRequest(
  method: PaymentMethod,
  amount: string,
  offer: DepositOffer | undefined,
) {
  return {
    method: method.sysname,
    amount: amount.trim(),
    ...(offer ? { campaign_offer_id: offer.id } : {}),
  };
}
