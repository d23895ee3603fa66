/**
 * The notifications page as data (issue #25): which contacts may be subscribed, and the consent
 * grid (products × channels) from `account/getMarketingConsent`. Pure, unit-tested.
 */

export const PRODUCTS = ['casino', 'sports'] as const;
export const CHANNELS = ['email', 'sms', 'push'] as const;
export type Product = (typeof PRODUCTS)[number];
export type Channel = (typeof CHANNELS)[number];

export interface ConsentView {
  product: Product;
  channel: Channel;
  granted: boolean;
  recorded_at: string | null;
  source: string | null;
}

/** The consent of each product and channel; a pair the server did not list is no consent. */
export function consentGrid(
  consents: readonly ConsentView[],
): Record<Product, Record<Channel, ConsentView>> {
  const grid = {} as Record<Product, Record<Channel, ConsentView>>;
  for (const product of PRODUCTS) {
    grid[product] = {} as Record<Channel, ConsentView>;
    for (const channel of CHANNELS) {
      grid[product][channel] = consents.find(
        (c) => c.product === product && c.channel === channel,
      ) ?? { product, channel, granted: false, recorded_at: null, source: null };
    }
  }
  return grid;
}

/**
 * Only a confirmed contact can be subscribed here (issue #25: "subscriptions per confirmed
 * contact"); an unconfirmed one is listed with a way to confirm it first.
 */
export function subscribableContacts<C extends { is_confirmed: boolean }>(
  contacts: readonly C[],
): { confirmed: C[]; unconfirmed: C[] } {
  return {
    confirmed: contacts.filter((c) => c.is_confirmed),
    unconfirmed: contacts.filter((c) => !c.is_confirmed),
  };
}

/**
 * The channel a contact's consent travels on: an e-mail contact carries the e-mail consent, a
 * phone the SMS one. A channel without a confirmed, subscribed contact reaches nobody yet.
 */
export function channelReachable(
  channel: Channel,
  contacts: readonly { type: string; is_confirmed: boolean; is_subscribed: boolean }[],
): boolean {
  if (channel === 'push') return true;
  const kind = channel === 'email' ? 'email' : 'phone';
  return contacts.some((c) => c.type === kind && c.is_confirmed && c.is_subscribed);
}
