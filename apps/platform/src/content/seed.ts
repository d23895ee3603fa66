import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../db/client.ts';
import { cmsEntries, cmsSeedRuns } from './schema.ts';
import { pageEntries } from './seed-pages.ts';

/**
 * Demo content for the four locales: menus, footer, bottom menu, an SEO record for every top-level
 * route of §2 (the home page's with the site's organisation, the promotions' with an FAQ, §3
 * structured data), domain SEO with robots rules and the sitemap line, banners in the §9 sizes, a popup, a custom code entry
 * and the site config (auth types, registration settings, currency conditions). Applied once per
 * seed name, so entries staff delete stay deleted.
 */
export const CONTENT_SEED = 'content-demo-v1';

type Locale = 'en-US' | 'es-ES' | 'pt-BR' | 'ru-RU';
const LOCALES: Locale[] = ['en-US', 'es-ES', 'pt-BR', 'ru-RU'];

/** Labels per locale, in LOCALES order. */
const T: Record<string, [string, string, string, string]> = {
  home: ['Home', 'Inicio', 'Início', 'Главная'],
  gamehall: ['Casino', 'Casino', 'Cassino', 'Казино'],
  betting: ['Sports', 'Deportes', 'Esportes', 'Спорт'],
  promotions: ['Promotions', 'Promociones', 'Promoções', 'Акции'],
  tournaments: ['Tournaments', 'Torneos', 'Torneios', 'Турниры'],
  jackpots: ['Jackpots', 'Botes', 'Jackpots', 'Джекпоты'],
  providers: ['Providers', 'Proveedores', 'Provedores', 'Провайдеры'],
  loyalty: ['Loyalty', 'Fidelidad', 'Fidelidade', 'Лояльность'],
  offers: ['Offers', 'Ofertas', 'Ofertas', 'Предложения'],
  winners: ['Winners', 'Ganadores', 'Vencedores', 'Победители'],
  support: ['Support', 'Soporte', 'Suporte', 'Поддержка'],
  cashier: ['Cashier', 'Caja', 'Caixa', 'Касса'],
  profile: ['Profile', 'Perfil', 'Perfil', 'Профиль'],
  bets: ['My bets', 'Mis apuestas', 'Minhas apostas', 'Мои ставки'],
  bonuses: ['Bonuses', 'Bonos', 'Bônus', 'Бонусы'],
  cashback: ['Cashback', 'Cashback', 'Cashback', 'Кешбэк'],
  security: ['Security', 'Seguridad', 'Segurança', 'Безопасность'],
  notifications: ['Notifications', 'Notificaciones', 'Notificações', 'Уведомления'],
  settings: ['Settings', 'Ajustes', 'Configurações', 'Настройки'],
  verification: ['Verification', 'Verificación', 'Verificação', 'Верификация'],
  responsible: [
    'Responsible gaming',
    'Juego responsable',
    'Jogo responsável',
    'Ответственная игра',
  ],
  terms: ['Terms and conditions', 'Términos y condiciones', 'Termos e condições', 'Условия'],
  privacy: [
    'Privacy policy',
    'Política de privacidad',
    'Política de privacidade',
    'Конфиденциальность',
  ],
  about: ['About us', 'Sobre nosotros', 'Sobre nós', 'О нас'],
  unsubscribe: ['Unsubscribe', 'Darse de baja', 'Cancelar inscrição', 'Отписаться'],
  confirmation: ['Confirmation', 'Confirmación', 'Confirmação', 'Подтверждение'],
  deposit: ['Deposit', 'Depositar', 'Depositar', 'Пополнить'],
  title: [
    'Northstar: online casino and sports betting',
    'Northstar: casino online y apuestas deportivas',
    'Northstar: cassino online e apostas esportivas',
    'Northstar: онлайн-казино и ставки на спорт',
  ],
  welcome: [
    'Welcome bonus 100% up to €500',
    'Bono de bienvenida 100% hasta 500 €',
    'Bônus de boas-vindas 100% até €500',
    'Приветственный бонус 100% до 500 €',
  ],
  authEmail: ['Email', 'Correo', 'E-mail', 'Почта'],
  authPhone: ['Phone', 'Teléfono', 'Telefone', 'Телефон'],
  authFull: ['Full', 'Completo', 'Completo', 'Полная'],
  authSocial: ['Social', 'Redes sociales', 'Redes sociais', 'Соцсети'],
  popupText: [
    'Make your first deposit today and get 200 free spins.',
    'Haz tu primer depósito hoy y consigue 200 tiradas gratis.',
    'Faça seu primeiro depósito hoje e ganhe 200 giros grátis.',
    'Сделайте первый депозит сегодня и получите 200 бесплатных вращений.',
  ],
};

const label = (key: string, locale: Locale) => T[key]![LOCALES.indexOf(locale)]!;

/** The top-level routes of §2 that get an SEO record. */
const TOP_LEVEL_ROUTES: [string, string][] = [
  ['/', 'home'],
  ['/gamehall', 'gamehall'],
  ['/betting', 'betting'],
  ['/promotions', 'promotions'],
  ['/offers', 'offers'],
  ['/tournaments', 'tournaments'],
  ['/jackpots', 'jackpots'],
  ['/providers', 'providers'],
  ['/winners', 'winners'],
  ['/loyalty', 'loyalty'],
  ['/support', 'support'],
  ['/cashier', 'cashier'],
  ['/profile', 'profile'],
  ['/unsubscribe', 'unsubscribe'],
  ['/confirmation', 'confirmation'],
];

/** The site's social profiles: the footer's links and the organisation's `sameAs` (§3). */
const SOCIAL: [name: string, url: string][] = [
  ['Telegram', 'https://t.me/northstar'],
  ['Instagram', 'https://instagram.com/northstar'],
  ['X', 'https://x.com/northstar'],
];

/**
 * §3 SEO `organization` of the home page: schema.org Organization. Site paths (`url`, `logo`) are
 * made absolute on the site's origin when the page is written (web/page-head.ts), so the record
 * holds for every domain the site answers on. The logo is the 180 px png icon: search engines
 * want a raster logo of at least 112 px.
 */
function organization(locale: Locale) {
  return {
    name: 'Northstar',
    url: '/',
    logo: '/apple-touch-icon.png',
    description: label('title', locale),
    sameAs: SOCIAL.map(([, url]) => url),
  };
}

/** §3 SEO `schemaFaq` of `/promotions`: questions and answers, a schema.org FAQPage. */
const PROMOTIONS_FAQ: Record<Locale, [question: string, answer: string][]> = {
  'en-US': [
    [
      'How do I get the welcome bonus?',
      'Make your first deposit from the cashier: the bonus of 100% up to €500 is added to your bonus balance at once.',
    ],
    [
      'Where do I see my active bonuses?',
      'In your profile, under Bonuses: each bonus shows what is left to wager and when it expires.',
    ],
    [
      'Who can take part in promotions?',
      'Players aged 18 or over with a verified account. The terms of each promotion say which games and countries it covers.',
    ],
  ],
  'es-ES': [
    [
      '¿Cómo consigo el bono de bienvenida?',
      'Haz tu primer depósito desde la caja: el bono del 100% hasta 500 € se añade al instante a tu saldo de bonos.',
    ],
    [
      '¿Dónde veo mis bonos activos?',
      'En tu perfil, en Bonos: cada bono muestra lo que queda por apostar y cuándo caduca.',
    ],
    [
      '¿Quién puede participar en las promociones?',
      'Jugadores mayores de 18 años con la cuenta verificada. Las condiciones de cada promoción indican qué juegos y países incluye.',
    ],
  ],
  'pt-BR': [
    [
      'Como recebo o bônus de boas-vindas?',
      'Faça seu primeiro depósito pelo caixa: o bônus de 100% até €500 é adicionado na hora ao seu saldo de bônus.',
    ],
    [
      'Onde vejo meus bônus ativos?',
      'No seu perfil, em Bônus: cada bônus mostra quanto falta apostar e quando expira.',
    ],
    [
      'Quem pode participar das promoções?',
      'Jogadores com 18 anos ou mais e conta verificada. Os termos de cada promoção dizem quais jogos e países ela inclui.',
    ],
  ],
  'ru-RU': [
    [
      'Как получить приветственный бонус?',
      'Сделайте первый депозит в кассе: бонус 100% до 500 € сразу зачисляется на бонусный баланс.',
    ],
    [
      'Где посмотреть активные бонусы?',
      'В профиле, в разделе «Бонусы»: у каждого бонуса видно, сколько осталось отыграть и когда он истекает.',
    ],
    [
      'Кто может участвовать в акциях?',
      'Игроки старше 18 лет с подтверждённым аккаунтом. В условиях каждой акции указано, на какие игры и страны она распространяется.',
    ],
  ],
};

const promotionsFaq = (locale: Locale) =>
  PROMOTIONS_FAQ[locale].map(([question, answer]) => ({ question, answer }));

/** The line robots.txt names the sitemap by (web/sitemap.ts); a site path, made absolute there. */
const SITEMAP_LINE = 'Sitemap: /sitemap.xml';
/** A `Sitemap:` field at the start of a line of robots text (PostgreSQL regex). */
const SITEMAP_FIELD = '(^|\\n)[ \\t]*sitemap[ \\t]*:';

const links = (keys: [string, string, string?][], locale: Locale) =>
  keys.map(([key, url, icon], index) => ({
    label: label(key, locale),
    url,
    order: index + 1,
    ...(icon ? { icon: { url: `/icons/${icon}.svg` } } : {}),
  }));

function entriesFor(locale: Locale): { type: string; locale: string | null; data: object }[] {
  const out: { type: string; locale: string | null; data: object }[] = [];
  const add = (type: string, data: object) => out.push({ type, locale, data });
  const menu = links(
    [
      ['gamehall', '/gamehall', 'casino'],
      ['betting', '/betting', 'sports'],
      ['promotions', '/promotions', 'gift'],
      ['tournaments', '/tournaments', 'trophy'],
      ['jackpots', '/jackpots', 'jackpot'],
      ['loyalty', '/loyalty', 'star'],
    ],
    locale,
  );
  for (const item of menu) add('menu-links', item);
  for (const item of links(
    [
      // Issue #25: /profile is the account overview; the settings have their own entry.
      ['profile', '/profile', 'user'],
      ['settings', '/profile/settings', 'user'],
      ['bets', '/profile/bets/history', 'ticket'],
      ['bonuses', '/profile/bonuses', 'gift'],
      ['cashback', '/profile/cashback', 'coins'],
      // Issue #27: the loyalty points history.
      ['loyalty', '/profile/loyalty', 'star'],
      ['security', '/profile/security', 'lock'],
      ['notifications', '/profile/notification', 'bell'],
      ['verification', '/profile/verification', 'shield'],
      ['responsible', '/profile/responsible-game', 'heart'],
    ],
    locale,
  ))
    add('profile-links', item);
  for (const item of links(
    [
      ['home', '/', 'home'],
      ['gamehall', '/gamehall', 'casino'],
      ['betting', '/betting', 'sports'],
      ['cashier', '/cashier/deposit', 'wallet'],
      ['profile', '/profile', 'user'],
    ],
    locale,
  ))
    add('mobile-bottom-menu', item);
  for (const item of links(
    [
      ['about', '/about'],
      ['terms', '/terms'],
      ['privacy', '/privacy'],
      ['responsible', '/responsible-gaming'],
      ['support', '/support'],
      ['winners', '/winners'],
    ],
    locale,
  ))
    add('footer-links', item);
  for (const item of links(
    [
      ['deposit', '/cashier/deposit', 'wallet'],
      ['profile', '/profile/settings', 'user'],
      ['bonuses', '/profile/bonuses', 'gift'],
      ['loyalty', '/profile/loyalty', 'star'],
    ],
    locale,
  ))
    add('user-menu-links', item);
  SOCIAL.forEach(([name, url], index) =>
    add('social-items-list', {
      label: name,
      url,
      isExternal: true,
      order: index + 1,
      icon: { url: `/icons/${name.toLowerCase()}.svg` },
    }),
  );

  for (const [url, key] of TOP_LEVEL_ROUTES) {
    const title = url === '/' ? label('title', locale) : `${label(key, locale)} | Northstar`;
    add('seos', {
      url,
      title,
      description: `${label(key, locale)} — ${label('title', locale)}`,
      canonical: url,
      openGraph: { title, description: label('title', locale), image: { url: '/og/default.png' } },
      meta: [{ name: 'robots', content: 'index, follow' }],
    });
  }
  add('domain-seo-settings', {
    host: 'localhost',
    robots: [
      'User-agent: *',
      'Disallow: /cashier',
      'Disallow: /profile',
      'Disallow: /bets',
      'Disallow: /*?*',
      SITEMAP_LINE,
    ].join('\n'),
    meta: [{ name: 'theme-color', content: '#0b1020' }],
  });
  // §9 banner sizes: mobile 360x240, tablet 360x520; the auth banner's 735x240 and 360x520.
  add('banners', {
    title: label('welcome', locale),
    banner_type: 'main',
    description: { position: 'home_top' },
    // The welcome offer's banner leads to the promotions (issue #26).
    link: '/promotions',
    finished_at: null,
    order: 1,
    image_mobile: { url: '/banners/welcome-360x240.svg', width: 360, height: 240 },
    image_tablet: { url: '/banners/welcome-360x520.svg', width: 360, height: 520 },
  });
  add('banners', {
    title: label('welcome', locale),
    banner_type: 'auth',
    label: label('welcome', locale),
    value: '100%',
    addition: '200 FS',
    registration_popup_mobile_compact: true,
    description: { position: 'auth_popup' },
    order: 2,
    image_735_240: { url: '/banners/auth-735x240.svg', width: 735, height: 240 },
    image_360_520: { url: '/banners/auth-360x520.svg', width: 360, height: 520 },
  });
  add('popups', {
    sysname: 'welcome-deposit',
    title: label('welcome', locale),
    text: label('popupText', locale),
    button: { label: label('deposit', locale), url: '/cashier/deposit' },
  });
  add('site-config', {
    auth: {
      authTypes: [
        { id: 1, __component: 'form', label: label('authEmail', locale), field: 'email' },
        {
          id: 2,
          __component: 'fast',
          label: label('authPhone', locale),
          field: 'phone',
          isFast: true,
        },
        { id: 3, __component: 'full', label: label('authFull', locale), field: 'email' },
        { id: 4, __component: 'social', label: label('authSocial', locale), field: 'social' },
      ],
      registrationSettings: {
        terms: { isActive: true, defaultValue: false },
        notify: { isActive: true, defaultValue: true },
        markBetting: { isActive: true, defaultValue: 'betting' },
        showPromocode: true,
        showPromoFieldByDefault: false,
        showCharacterSelect: true,
        confirmEmailPopup: true,
      },
      // The site's currency first; a country change picks that country's currency if offered.
      currencyConditions: {
        emptyValue: false,
        defaultValue: 'selectedValue',
        changeCountryValue: 'selectedValue',
        changeCountryFallbackValue: 'firstValue',
      },
      socialProviders: ['google', 'facebook'],
    },
    // The profile fields the registration form asks for (their rules come per country from
    // account/getPersonalDataFields): what a licensed operator needs to check age and residence.
    forms: {
      registration: ['country_code', 'region', 'first_name', 'last_name', 'birth_date', 'sex'],
      // The profile form: the registration's fields and the address a payout is made to.
      profile: [
        'first_name',
        'last_name',
        'birth_date',
        'country_code',
        'home_town',
        'address',
        'postcode',
      ],
    },
    cashier: {
      availableCurrencies: ['EUR', 'USD', 'BRL'],
      // §8 a withdrawal needs the profile form's fields and a confirmed contact (a regulated
      // payout's know-your-customer minimum); a deposit needs nothing.
      requirements: { deposit: [], withdrawal: ['profile', 'confirmed_contact'] },
      depositAmounts: ['EUR', 'USD', 'BRL'].map((currency) => ({
        currency,
        amount: [{ value: 20 }, { value: 50 }, { value: 100 }, { value: 200 }],
      })),
    },
    common: {
      confirmHint: { showConfirmContactsHint: true, pageExceptions: ['/cashier/deposit'] },
    },
  });
  return out;
}

function sharedEntries(): { type: string; locale: string | null; data: object }[] {
  return [
    {
      type: 'custom-codes',
      locale: null,
      data: {
        name: 'Analytics bootstrap',
        isEnabled: true,
        position: 'bodyEnd',
        code: '<script>window.northstarAnalytics = window.northstarAnalytics || [];</script>',
      },
    },
    {
      type: 'redirects',
      locale: null,
      data: { from_url: '/casino*', to_url: '/gamehall' },
    },
    {
      type: 'web-settings',
      locale: null,
      data: {
        favicon: [
          { rel: 'icon', type: 'image/svg+xml', url: '/favicon.svg' },
          { rel: 'apple-touch-icon', sizes: '180x180', url: '/apple-touch-icon.png' },
        ],
      },
    },
    {
      type: 'support-settings',
      locale: null,
      data: DEMO_SUPPORT_SETTINGS,
    },
  ];
}

/**
 * The home page's `organization` and the promotions' `schemaFaq` (§3 structured data), and the
 * sitemap line of the seeded robots rules, for sites seeded before they existed as much as for
 * new ones: each is added only where the entry has none, so what staff set or removed stays.
 */
async function seoStructuredData(tx: Executor): Promise<void> {
  for (const locale of LOCALES) {
    await tx.execute(sql`
      update "cms_entries"
      set "data" = "data" || ${JSON.stringify({ organization: organization(locale) })}::jsonb
      where "type" = 'seos' and "locale" = ${locale} and "data" ->> 'url' = '/'
        and "data" -> 'organization' is null`);
    await tx.execute(sql`
      update "cms_entries"
      set "data" = "data" || ${JSON.stringify({ schemaFaq: promotionsFaq(locale) })}::jsonb
      where "type" = 'seos' and "locale" = ${locale} and "data" ->> 'url' = '/promotions'
        and "data" -> 'schemaFaq' is null`);
  }
  await tx.execute(sql`
    update "cms_entries"
    set "data" = jsonb_set("data", '{robots}', to_jsonb(("data" ->> 'robots') || ${`\n${SITEMAP_LINE}`}::text))
    where "type" = 'domain-seo-settings' and "data" ->> 'host' = 'localhost'
      and "data" ->> 'robots' is not null and ("data" ->> 'robots') !~* ${SITEMAP_FIELD}`);
}

/**
 * §3 support settings of the demo: the platform's own live chat (`northstar`, issue #30), so a
 * demo site has a working chat with the back office's agents. Its config only has to be non-empty
 * (§9: chat integration is skipped when the config is empty); the platform needs no key.
 */
const DEMO_SUPPORT_SETTINGS = { chat: 'northstar', config: { northstar: { id: 'northstar' } } };

/** Sites seeded before the demo had a chat: the built-in one, where no provider was chosen since. */
async function supportChat(tx: Executor): Promise<void> {
  await tx.execute(sql`
    update "cms_entries"
    set "data" = ${JSON.stringify(DEMO_SUPPORT_SETTINGS)}::jsonb
    where "type" = 'support-settings'
      and coalesce("data" ->> 'chat', '') = ''
      and coalesce("data" -> 'config', '{}'::jsonb) = '{}'::jsonb`);
}

type SeedEntry = { type: string; locale: string | null; data: object };

/**
 * Each seed runs once, in its own transaction; a later seed adds to an existing site: new entries,
 * or changes to seeded ones (`update`).
 */
const SEEDS: [
  name: string,
  seed: { entries: () => SeedEntry[] } | { update: typeof seoStructuredData },
][] = [
  [CONTENT_SEED, { entries: () => [...LOCALES.flatMap(entriesFor), ...sharedEntries()] }],
  ['content-pages-v1', { entries: pageEntries }],
  ['content-seo-structured-data-v1', { update: seoStructuredData }],
  ['content-support-chat-v1', { update: supportChat }],
];

/**
 * Content another domain's seed adds once under its own name (the demo's promotions, demo/):
 * the same run-once claim as the site's own seeds above.
 */
export async function seedContentEntries(
  database: DatabaseHandle,
  name: string,
  entries: () => { type: string; locale: string | null; data: object }[],
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const claimed = await tx.insert(cmsSeedRuns).values({ name }).onConflictDoNothing().returning();
    if (claimed.length === 0) return;
    const rows = entries().map((entry) => ({
      type: entry.type,
      locale: entry.locale,
      data: entry.data as Record<string, unknown>,
    }));
    if (rows.length > 0) await tx.insert(cmsEntries).values(rows);
  });
}

export async function seedContent(database: DatabaseHandle): Promise<void> {
  for (const [name, seed] of SEEDS) {
    await database.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(cmsSeedRuns)
        .values({ name })
        .onConflictDoNothing()
        .returning();
      if (claimed.length === 0) return;
      if ('update' in seed) {
        await seed.update(tx);
        return;
      }
      const rows = seed.entries().map((entry) => ({
        type: entry.type,
        locale: entry.locale,
        data: entry.data as Record<string, unknown>,
      }));
      await tx.insert(cmsEntries).values(rows);
    });
  }
}
