/**
 * The route table of spec §2: every route's id, path pattern, owner and layout.
 *
 * It is part of the shell–remote contract rather than the shell's internals: route builders
 * need the patterns, and `RemoteRoutes<'casino'>` uses the owners so that a remote that forgets
 * one of its pages does not compile. The shell expands it into its route manifest (each route
 * with and without the locale segment), which the e2e suite reads.
 *
 * Two sources (#23 §3): the central table below keeps the top-level and cross-linked pages; a
 * remote declares the pages inside its own subtree in `apps/<remote>/src/child-routes.ts`
 * (`RemoteChildRoutes`), which tools/generate-child-routes.ts copies into
 * ./child-routes.generated.ts at build time. `ROUTES` is both, so the page rules, the paths and
 * the remotes' page typing treat a child like any other route.
 */
import { CHILD_ROUTES } from './child-routes.generated.ts';

export const REMOTE_NAMES = [
  'casino',
  'betting',
  'cashier',
  'loyalty',
  'profile',
  'auth',
  'promo',
] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];
export type RouteOwner = 'shell' | RemoteName;

/** Layouts of §2. Forbidden and maintenance pages use `empty`. */
export type LayoutName = 'default' | 'empty' | 'game' | 'svg-sprite';

export interface RouteDefinition {
  readonly pattern: string;
  readonly owner: RouteOwner;
  readonly layout: LayoutName;
}

/** A route builder per owner: one function for all (fewer bytes on the first page, #23). */
const routesOf =
  <O extends RouteOwner>(owner: O) =>
  <P extends string, L extends LayoutName = 'default'>(pattern: P, layout: L = 'default' as L) =>
    ({ pattern, owner, layout }) as const;
const shell = routesOf('shell');
const casino = routesOf('casino');
const cashier = routesOf('cashier');
const profile = routesOf('profile');
const loyalty = routesOf('loyalty');
const auth = routesOf('auth');
const promo = routesOf('promo');
const betting = routesOf('betting');

export const CENTRAL_ROUTES = {
  // shell
  home: shell('/'),
  slug: shell('/:slug'),
  support: shell('/support'),
  unsubscribe: shell('/unsubscribe'),
  icons: shell('/_icons', 'svg-sprite'),
  legacyResponsibleGame: shell('/responsible-game'),
  legacyBets: shell('/bets/*'),
  // casino
  gamehall: casino('/gamehall'),
  gamehallItem: casino('/gamehall/:id'),
  game: casino('/game/:sysname', 'game'),
  providers: casino('/providers'),
  jackpots: casino('/jackpots'),
  jackpot: casino('/jackpots/:id'),
  tournaments: casino('/tournaments'),
  tournament: casino('/tournaments/:id'),
  tournamentGamehall: casino('/tournaments/:id/gamehall'),
  winners: casino('/winners'),
  // betting
  betting: betting('/betting'),
  // cashier
  cashier: cashier('/cashier'),
  cashierWallet: cashier('/cashier/wallet'),
  cashierBilling: cashier('/cashier/billing'),
  cashierDeposit: cashier('/cashier/deposit'),
  cashierDepositMethod: cashier('/cashier/deposit/:sysname'),
  cashierHistory: cashier('/cashier/history'),
  cashierReceipt: cashier('/cashier/receipt'),
  cashierWithdraw: cashier('/cashier/withdraw'),
  // (the pay result pages are the cashier's children: apps/cashier/src/child-routes.ts)
  // loyalty
  loyalty: loyalty('/loyalty'),
  loyaltyShop: loyalty('/loyalty/shop'),
  loyaltyProgram: loyalty('/loyalty/:sysname'),
  // profile
  profile: profile('/profile'),
  profileBets: profile('/profile/bets'),
  profileBetsExports: profile('/profile/bets/exports'),
  profileBetsHistory: profile('/profile/bets/history'),
  profileBonuses: profile('/profile/bonuses'),
  profileLoyalty: profile('/profile/loyalty'),
  profileCashback: profile('/profile/cashback'),
  profileSecurity: profile('/profile/security'),
  profileSettings: profile('/profile/settings'),
  profileNotification: profile('/profile/notification'),
  profileVerification: profile('/profile/verification'),
  profileResponsibleGame: profile('/profile/responsible-game'),
  // auth
  signInForm: auth('/forms/sign_in', 'empty'),
  signUpForm: auth('/forms/sign_up', 'empty'),
  confirmation: auth('/confirmation'),
  confirmationSuccess: auth('/confirmation/success'),
  // promo
  promotions: promo('/promotions'),
  promotion: promo('/promotions/:id'),
  offers: promo('/offers'),
  offer: promo('/offers/:id'),
} as const satisfies Record<string, RouteDefinition>;

/**
 * What a remote's `src/child-routes.ts` exports as `childRoutes` (#23 §3): the pages inside its
 * subtree, as paths relative to `parent` (a path of the central table the remote owns), by route
 * id. A child uses the default layout; a page with another layout belongs in the central table.
 */
export interface RemoteChildRoutes<Owner extends RemoteName = RemoteName> {
  readonly owner: Owner;
  readonly parent: string;
  readonly children: Readonly<Record<string, string>>;
}

type ChildRoutes = typeof CHILD_ROUTES;
type ChildRouteTable = {
  readonly [Id in keyof ChildRoutes]: {
    readonly pattern: ChildRoutes[Id][1];
    readonly owner: ChildRoutes[Id][0];
    readonly layout: 'default';
  };
};

/**
 * Every route: the central table and the remotes' children (a child id never repeats a central
 * one: tools/child-routes.test.ts).
 */
export const ROUTES = {
  ...CENTRAL_ROUTES,
  ...(Object.fromEntries(
    Object.entries(CHILD_ROUTES).map(([id, [owner, pattern]]) => [id, routesOf(owner)(pattern)]),
  ) as ChildRouteTable),
};

export type RouteId = keyof typeof ROUTES;

export type RoutesOwnedBy<Owner extends RouteOwner> = {
  [Id in RouteId]: (typeof ROUTES)[Id]['owner'] extends Owner ? Id : never;
}[RouteId];

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : P extends `${string}*`
      ? '*'
      : never;

/** The params a route's pattern names: `{ sysname: string }` for `/game/:sysname`. */
export type RouteParams<Id extends RouteId> = {
  [K in ParamNames<(typeof ROUTES)[Id]['pattern']>]: string;
};

export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

/** The `/remotes.json` document: remote name → URL of its `mf-manifest.json`. */
export type RemotesDocument = Partial<Record<RemoteName, string>>;
