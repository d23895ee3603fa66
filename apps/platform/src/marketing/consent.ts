import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { marketingConsents } from './schema.ts';

/** The products a player may hear about (§1: casino games and sports betting). */
export const MARKETING_PRODUCTS = ['casino', 'sports'] as const;
/** The channels marketing may use: e-mail and SMS reach a contact, push an installed app. */
export const MARKETING_CHANNELS = ['email', 'sms', 'push'] as const;
export type MarketingProduct = (typeof MARKETING_PRODUCTS)[number];
export type MarketingChannel = (typeof MARKETING_CHANNELS)[number];

/** What recorded a consent change (kept with it as evidence). */
export type ConsentSource = 'settings' | 'registration' | 'self_exclusion' | 'unsubscribe';

export interface MarketingConsent {
  product: MarketingProduct;
  channel: MarketingChannel;
  granted: boolean;
  /** When and through what the consent in force was recorded; null: never asked (no consent). */
  recordedAt: Date | null;
  source: ConsentSource | null;
}

/**
 * A player's consent for every product and channel, the newest record of each; a pair never
 * recorded is no consent (opt-in, GDPR art. 6(1)(a) and PECR reg. 22: silence is not consent).
 */
export async function consentsOf(db: Executor, playerId: number): Promise<MarketingConsent[]> {
  const rows = await db
    .select()
    .from(marketingConsents)
    .where(eq(marketingConsents.playerId, playerId))
    .orderBy(desc(marketingConsents.id));
  return MARKETING_PRODUCTS.flatMap((product) =>
    MARKETING_CHANNELS.map((channel): MarketingConsent => {
      const row = rows.find((r) => r.product === product && r.channel === channel);
      return {
        product,
        channel,
        granted: row?.granted ?? false,
        recordedAt: row?.recordedAt ?? null,
        source: (row?.source as ConsentSource | undefined) ?? null,
      };
    }),
  );
}

/** Whether the player consents to marketing of `product` on `channel` now. */
export async function hasMarketingConsent(
  db: Executor,
  playerId: number,
  product: MarketingProduct,
  channel: MarketingChannel,
): Promise<boolean> {
  const [row] = await db
    .select({ granted: marketingConsents.granted })
    .from(marketingConsents)
    .where(
      and(
        eq(marketingConsents.playerId, playerId),
        eq(marketingConsents.product, product),
        eq(marketingConsents.channel, channel),
      ),
    )
    .orderBy(desc(marketingConsents.id))
    .limit(1);
  return row?.granted ?? false;
}

/**
 * Records a consent given or withdrawn. A repeat of the consent in force writes nothing, so its
 * time stays the time it was first given (the evidence that matters).
 */
export async function recordMarketingConsent(
  db: Executor,
  change: {
    playerId: number;
    product: MarketingProduct;
    channel: MarketingChannel;
    granted: boolean;
    source: ConsentSource;
    now: Date;
  },
): Promise<void> {
  const current = await hasMarketingConsent(db, change.playerId, change.product, change.channel);
  if (current === change.granted) return;
  await db.insert(marketingConsents).values({
    playerId: change.playerId,
    product: change.product,
    channel: change.channel,
    granted: change.granted,
    source: change.source,
    recordedAt: change.now,
  });
}

/**
 * Withdraws every marketing consent of a player (a self-exclusion: UKGC LCCP SR 3.5.3 and
 * 5.1.11, no marketing to a self-excluded player). Consent withdrawn stays withdrawn when the
 * exclusion ends: the player gives it again if they want it.
 */
export async function withdrawAllMarketingConsent(
  db: Executor,
  playerId: number,
  source: ConsentSource,
  now: Date,
): Promise<void> {
  for (const product of MARKETING_PRODUCTS) {
    for (const channel of MARKETING_CHANNELS) {
      await recordMarketingConsent(db, { playerId, product, channel, granted: false, source, now });
    }
  }
}
