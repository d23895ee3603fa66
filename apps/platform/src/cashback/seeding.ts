import type { Executor } from '../db/client.ts';
import { setSettings, settingsOf } from './service.ts';

/**
 * The demo's cashback (demo mode only, issue #26): 10 % of a week's real-money net loss from
 * €10 lost, at most €500, paid into the main balance (no wagering), 72 hours to claim; the
 * terms a player of a regulated site would read as fair. Seeded once (an operator's edit stays).
 */
export async function seedDemoCashback(db: Executor): Promise<void> {
  if (await settingsOf(db, 'EUR')) return;
  await setSettings(db, new Date(), {
    currency: 'EUR',
    percentBp: 1_000,
    minLossMinor: 1_000n,
    capMinor: 50_000n,
    period: 'weekly',
    payoutTo: 'main',
    wageringMultiplier: 0,
    claimHours: 72,
    isActive: true,
  });
}
