import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import type { Engine } from './tables.ts';
import { engineRtp } from './tables.ts';
import { SLOT_VARIANTS } from './engines/slot.ts';

/**
 * The game catalogue. Every game runs on one of the in-house engines (tables.ts) with its own
 * name, theme colours, generated artwork (art.ts), tags, RTP and volatility, so every game in
 * the lobby really plays.
 *
 * `ORIGINALS` are the built-in provider's own games, seeded on every start (a real site's own
 * games). `demoCatalogue()` adds 15 fictional studios, about 1,500 games, in demo mode only; a
 * real site receives its studios' games from their providers (WALLET_PROVIDERS_FILE). The
 * catalogue is generated from fixed word lists and a hash (deterministic, the same on every
 * machine); play itself draws from the CSPRNG.
 */

export interface CatalogueGame {
  sysname: string;
  name: string;
  provider: string;
  engine: Engine;
  engineConfig: Record<string, unknown>;
  categories: string[];
  tags: string[];
  volatility: string | null;
  theme: { from: string; to: string; accent: string; motif: string };
  popularity: number;
  /** Days before the seed's date. */
  ageDays: number;
}

export const STUDIOS = [
  { sysname: 'northstar', name: 'Northstar Originals' },
  { sysname: 'aurora', name: 'Aurora Gaming' },
  { sysname: 'polaris', name: 'Polaris Studios' },
  { sysname: 'nebula', name: 'Nebula Play' },
  { sysname: 'vega', name: 'Vega Interactive' },
  { sysname: 'orion', name: 'Orion Games' },
  { sysname: 'lyra', name: 'Lyra Labs' },
  { sysname: 'comet', name: 'Comet Reels' },
  { sysname: 'zenith', name: 'Zenith Gaming' },
  { sysname: 'solstice', name: 'Solstice Studios' },
  { sysname: 'meridian', name: 'Meridian Play' },
  { sysname: 'equinox', name: 'Equinox Games' },
  { sysname: 'halo', name: 'Halo Spins' },
  { sysname: 'quasar', name: 'Quasar Entertainment' },
  { sysname: 'borealis', name: 'Borealis Gaming' },
  { sysname: 'atlas', name: 'Atlas Tables' },
] as const;

const THEMES = {
  fruit: {
    hue: 350,
    motif: 'cherry',
    adjectives: ['Juicy', 'Sunny', 'Lucky', 'Sizzling', 'Sweet', 'Fresh'],
    nouns: ['Cherries', 'Lemons', 'Melons', 'Sevens', 'Fruits', 'Plums'],
  },
  mythology: {
    hue: 45,
    motif: 'column',
    adjectives: ['Golden', 'Eternal', 'Mighty', 'Ancient', 'Divine', 'Sacred'],
    nouns: ['Olympus', 'Valhalla', 'Pharaoh', 'Medusa', 'Thunder', 'Anubis'],
  },
  adventure: {
    hue: 30,
    motif: 'compass',
    adjectives: ['Lost', 'Hidden', 'Jungle', 'Desert', 'Secret', 'Forgotten'],
    nouns: ['Temple', 'Treasure', 'Expedition', 'Relics', 'Map', 'Idol'],
  },
  animals: {
    hue: 100,
    motif: 'paw',
    adjectives: ['Wild', 'Roaring', 'Savage', 'Arctic', 'Prairie', 'Royal'],
    nouns: ['Wolves', 'Lions', 'Buffalo', 'Eagles', 'Tigers', 'Bears'],
  },
  space: {
    hue: 250,
    motif: 'planet',
    adjectives: ['Cosmic', 'Stellar', 'Galactic', 'Lunar', 'Solar', 'Astral'],
    nouns: ['Voyage', 'Nebula', 'Comets', 'Orbit', 'Stars', 'Rocket'],
  },
  fantasy: {
    hue: 290,
    motif: 'crystal',
    adjectives: ['Enchanted', 'Mystic', 'Crystal', 'Dragon', 'Fairy', 'Arcane'],
    nouns: ['Forest', 'Kingdom', 'Castle', 'Gems', 'Spells', 'Quest'],
  },
  asian: {
    hue: 5,
    motif: 'lantern',
    adjectives: ['Jade', 'Lucky', 'Golden', 'Imperial', 'Crimson', 'Silk'],
    nouns: ['Dragon', 'Lantern', 'Koi', 'Fortune', 'Panda', 'Pagoda'],
  },
  ocean: {
    hue: 195,
    motif: 'wave',
    adjectives: ['Deep', 'Sunken', 'Coral', 'Pearl', 'Tidal', 'Azure'],
    nouns: ['Reef', 'Riches', 'Pirates', 'Mermaid', 'Kraken', 'Shells'],
  },
  western: {
    hue: 20,
    motif: 'star',
    adjectives: ['Dusty', 'Outlaw', 'Frontier', 'Rattlesnake', 'Silver', 'Canyon'],
    nouns: ['Saloon', 'Bandits', 'Sheriff', 'Gulch', 'Mustang', 'Bounty'],
  },
  candy: {
    hue: 320,
    motif: 'candy',
    adjectives: ['Sugar', 'Sweet', 'Candy', 'Bubble', 'Jelly', 'Cocoa'],
    nouns: ['Rush', 'Pop', 'Land', 'Blast', 'Swirl', 'Party'],
  },
} as const;
type Theme = keyof typeof THEMES;
const THEME_NAMES = Object.keys(THEMES) as Theme[];
const SUFFIXES = [
  '',
  ' Deluxe',
  ' Rising',
  ' Legends',
  ' Fortune',
  ' Gold',
  ' Reloaded',
  ' Mega',
  ' Nights',
];

const TABLE_NAMES: Record<'roulette' | 'blackjack' | 'dice', string[]> = {
  roulette: [
    'European Roulette',
    'Roulette Royale',
    'Golden Roulette',
    'Neon Roulette',
    'Classic Roulette',
    'VIP Roulette',
  ],
  blackjack: [
    'Blackjack Classic',
    'VIP Blackjack',
    'Blackjack Royale',
    'Golden Blackjack',
    'Blackjack Pro',
    'Emerald Blackjack',
  ],
  dice: ['Dice', 'Hi-Lo Dice', 'Crystal Dice', 'Neon Dice', 'Lucky Dice', 'Classic Dice'],
};

function hash(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

function hex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function themeColours(hue: number, seed: number, motif: string) {
  const shifted = (hue + (seed % 40) - 20 + 360) % 360;
  return {
    from: hex(shifted, 60, 38),
    to: hex((shifted + 30) % 360, 55, 12),
    accent: hex((shifted + 180) % 360, 85, 60),
    motif,
  };
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const SLOT_VARIANT_IDS = Object.keys(SLOT_VARIANTS);

function slotGames(studio: string, count: number, used: Set<string>): CatalogueGame[] {
  const games: CatalogueGame[] = [];
  let attempt = 0;
  while (games.length < count) {
    const seed = hash(`${studio}:slot:${attempt++}`);
    const theme = THEME_NAMES[seed % THEME_NAMES.length]!;
    const words = THEMES[theme];
    const name = `${words.adjectives[(seed >>> 4) % 6]} ${words.nouns[(seed >>> 8) % 6]}${SUFFIXES[(seed >>> 12) % SUFFIXES.length]}`;
    if (used.has(name)) continue;
    used.add(name);
    const variant = SLOT_VARIANT_IDS[(seed >>> 16) % SLOT_VARIANT_IDS.length]!;
    const volatility = SLOT_VARIANTS[variant]!.volatility;
    const popularity = (seed >>> 3) % 1000;
    // One slot in ten feeds a jackpot (jackpots.ts): one in four of those the mega one.
    const jackpot =
      (seed >>> 20) % 10 === 0
        ? (seed >>> 24) % 4 === 0
          ? 'northstar-mega'
          : 'northstar-mini'
        : null;
    games.push({
      sysname: `${studio}-${slugify(name)}`,
      name,
      provider: studio,
      engine: 'slot',
      engineConfig: { variant, ...(jackpot ? { jackpot } : {}) },
      categories: ['slots', theme, ...(jackpot ? ['jackpot'] : [])],
      tags: [theme, volatility, 'free-spins', ...(jackpot ? ['jackpot'] : [])],
      volatility,
      theme: themeColours(THEMES[theme].hue, seed, THEMES[theme].motif),
      popularity,
      ageDays: (seed >>> 10) % 720,
    });
  }
  return games;
}

function tableGames(studio: string, engine: 'roulette' | 'blackjack' | 'dice', count: number) {
  const studioName = STUDIOS.find((s) => s.sysname === studio)!.name.split(' ')[0]!;
  return TABLE_NAMES[engine].slice(0, count).map((title, index): CatalogueGame => {
    const seed = hash(`${studio}:${engine}:${index}`);
    const name = studio === 'northstar' ? title : `${studioName} ${title}`;
    const edge = engine === 'dice' ? [100, 100, 150, 200, 100, 250][index % 6]! : undefined;
    const hue = engine === 'roulette' ? 140 : engine === 'blackjack' ? 160 : 210;
    return {
      sysname: `${studio}-${slugify(title)}`,
      name,
      provider: studio,
      engine,
      engineConfig: edge ? { edge } : {},
      categories: engine === 'dice' ? ['dice', 'provably-fair'] : ['table', engine],
      tags: engine === 'dice' ? ['provably-fair', 'dice'] : ['table', engine],
      volatility: engine === 'dice' ? 'adjustable' : 'low',
      theme: themeColours(
        hue,
        seed,
        engine === 'dice' ? 'dice' : engine === 'roulette' ? 'wheel' : 'cards',
      ),
      popularity: (seed >>> 3) % 1000,
      ageDays: (seed >>> 10) % 720,
    };
  });
}

/** The built-in provider's own games: seeded on every start. */
export function originalGames(): CatalogueGame[] {
  const used = new Set<string>();
  return [
    ...slotGames('northstar', 24, used),
    ...tableGames('northstar', 'roulette', 6),
    ...tableGames('northstar', 'blackjack', 6),
    ...tableGames('northstar', 'dice', 6),
  ];
}

/** The demo studios' games (demo mode): 15 studios of 98 games each. */
export function demoCatalogue(): CatalogueGame[] {
  return STUDIOS.filter((studio) => studio.sysname !== 'northstar').flatMap((studio) => {
    const used = new Set<string>();
    return [
      ...slotGames(studio.sysname, 80, used),
      ...tableGames(studio.sysname, 'roulette', 6),
      ...tableGames(studio.sysname, 'blackjack', 6),
      ...tableGames(studio.sysname, 'dice', 6),
    ];
  });
}

/** Marks the most played tenth `popular` and the last 30 days' releases `new`. */
function withListCategories(games: CatalogueGame[]): CatalogueGame[] {
  return games.map((game) => ({
    ...game,
    categories: [
      ...game.categories,
      ...(game.popularity >= 900 ? ['popular'] : []),
      ...(game.ageDays <= 30 ? ['new'] : []),
    ],
  }));
}

/**
 * Seeds games and their studios, idempotently (a game already there keeps what an operator
 * changed, except the engine columns that make it playable).
 */
export async function seedCatalogue(
  db: Executor,
  games: CatalogueGame[],
  now: Date,
): Promise<void> {
  const studios = new Set(games.map((game) => game.provider));
  for (const studio of STUDIOS.filter((s) => studios.has(s.sysname))) {
    await db.execute(sql`
      insert into game_providers (sysname, name, type) values (${studio.sysname}, ${studio.name}, 'casino')
      on conflict (sysname) do nothing`);
  }
  const rows = withListCategories(games);
  for (let i = 0; i < rows.length; i += 250) {
    const values = rows.slice(i, i + 250).map(
      (game) => sql`(${game.sysname}, ${game.name}, ${game.provider}, 'northstar',
        ${`/originals/art/${game.sysname}.svg`}, ${JSON.stringify(game.tags)}::jsonb,
        ${JSON.stringify(game.categories)}::jsonb, ${game.engine},
        ${JSON.stringify(game.engineConfig)}::jsonb,
        ${Math.round(engineRtp(game.engine, game.engineConfig) * 10_000)}, ${game.volatility},
        ${JSON.stringify(game.theme)}::jsonb, ${game.popularity},
        ${new Date(now.getTime() - game.ageDays * 86_400_000).toISOString()})`,
    );
    await db.execute(sql`
      insert into games (sysname, name, provider_sysname, launch_provider, image_url, tags,
        categories, engine, engine_config, rtp_basis_points, volatility, theme, popularity,
        released_at)
      values ${sql.join(values, sql`, `)}
      on conflict (sysname) do update set engine = excluded.engine,
        engine_config = excluded.engine_config, rtp_basis_points = excluded.rtp_basis_points,
        launch_provider = excluded.launch_provider`);
  }
}
