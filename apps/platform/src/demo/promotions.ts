/**
 * The demo's promotion pages (§2 `/promotions`, `/promotions/{id}`; issue #26), in the four
 * locales: each presents one of the demo's offers (campaigns/demo.ts names these slugs in the
 * offer's `promotions`). `content` is plain text as the slug pages' (blank lines split
 * paragraphs, `## ` starts a heading).
 */
type Texts = [title: string, summary: string, content: string];
type Locale = 'en-US' | 'es-ES' | 'pt-BR' | 'ru-RU';

const PROMOTIONS: { slug: string; order: number; texts: Record<Locale, Texts> }[] = [
  {
    slug: 'welcome-bonus',
    order: 1,
    texts: {
      'en-US': [
        'Welcome bonus: 100% up to €500',
        'Double your first deposit with the code WELCOME100.',
        'Make your first deposit of €20 or more with the welcome offer and we match it 100%, up to €500.\n\n## How wagering works\nWager the bonus 35 times within 30 days. Slots count in full, table games 10%. While you wager, one bet may be at most €5: a larger bet is refused before it is placed, never voided afterwards.\n\n## Your real money comes first\nYour own money is staked before bonus money, so it stays yours to withdraw.',
      ],
      'es-ES': [
        'Bono de bienvenida: 100% hasta 500 €',
        'Duplica tu primer depósito con el código WELCOME100.',
        'Haz tu primer depósito de 20 € o más con la oferta de bienvenida y lo igualamos al 100%, hasta 500 €.\n\n## Cómo funciona el requisito de apuesta\nApuesta el bono 35 veces en 30 días. Las tragaperras cuentan al completo y los juegos de mesa un 10%. Mientras apuestas, cada apuesta puede ser de 5 € como máximo: una mayor se rechaza antes de hacerse, nunca se anula después.\n\n## Primero tu dinero real\nTu propio dinero se apuesta antes que el del bono, así que siempre puedes retirarlo.',
      ],
      'pt-BR': [
        'Bônus de boas-vindas: 100% até €500',
        'Dobre seu primeiro depósito com o código WELCOME100.',
        'Faça seu primeiro depósito de €20 ou mais com a oferta de boas-vindas e nós cobrimos 100%, até €500.\n\n## Como funciona o rollover\nAposte o bônus 35 vezes em 30 dias. Caça-níqueis contam integralmente e jogos de mesa 10%. Durante o rollover, cada aposta pode ser de no máximo €5: uma aposta maior é recusada antes de ser feita, nunca anulada depois.\n\n## Seu dinheiro real vem primeiro\nSeu próprio dinheiro é apostado antes do bônus, então continua disponível para saque.',
      ],
      'ru-RU': [
        'Приветственный бонус: 100% до 500 €',
        'Удвойте первый депозит с кодом WELCOME100.',
        'Внесите первый депозит от 20 € с приветственным предложением, и мы добавим 100% суммы, до 500 €.\n\n## Как отыгрывается бонус\nПоставьте сумму бонуса 35 раз за 30 дней. Слоты засчитываются полностью, настольные игры на 10%. Пока идёт отыгрыш, одна ставка может быть не больше 5 €: бо́льшая ставка отклоняется до того, как сделана, и никогда не аннулируется потом.\n\n## Сначала ваши реальные деньги\nВаши собственные деньги ставятся раньше бонусных, поэтому их всегда можно вывести.',
      ],
    },
  },
  {
    slug: 'midweek-gift',
    order: 2,
    texts: {
      'en-US': [
        'Midweek gift: €5 bonus',
        'Claim €5 of bonus money, no deposit needed.',
        'Claim this gift once and €5 of bonus money is added to your bonuses. Activate it when you are ready to play.\n\n## The terms\nWager the bonus 10 times within 3 days. Slots count in full, table games 10%. At most €2 per bet while you wager.',
      ],
      'es-ES': [
        'Regalo de mitad de semana: bono de 5 €',
        'Consigue 5 € de bono sin depositar.',
        'Reclama este regalo una vez y añadiremos 5 € de bono a tus bonos. Actívalo cuando quieras jugar.\n\n## Las condiciones\nApuesta el bono 10 veces en 3 días. Las tragaperras cuentan al completo y los juegos de mesa un 10%. Como máximo 2 € por apuesta mientras apuestas el bono.',
      ],
      'pt-BR': [
        'Presente de meio de semana: bônus de €5',
        'Resgate €5 de bônus sem precisar depositar.',
        'Resgate este presente uma vez e €5 de bônus entram nos seus bônus. Ative quando quiser jogar.\n\n## Os termos\nAposte o bônus 10 vezes em 3 dias. Caça-níqueis contam integralmente e jogos de mesa 10%. No máximo €2 por aposta durante o rollover.',
      ],
      'ru-RU': [
        'Подарок в середине недели: бонус 5 €',
        'Получите 5 € бонусных денег без депозита.',
        'Заберите этот подарок один раз, и 5 € бонусных денег появятся в ваших бонусах. Активируйте его, когда будете готовы играть.\n\n## Условия\nПоставьте сумму бонуса 10 раз за 3 дня. Слоты засчитываются полностью, настольные игры на 10%. Не больше 2 € за ставку во время отыгрыша.',
      ],
    },
  },
];

export function promotionEntries(): { type: string; locale: string; data: object }[] {
  return PROMOTIONS.flatMap(({ slug, order, texts }) =>
    (Object.entries(texts) as [Locale, Texts][]).map(([locale, [title, summary, content]]) => ({
      type: 'promotions',
      locale,
      data: { slug, title, summary, content, order },
    })),
  );
}
