/**
 * Slug pages of the demo content (§2 `/:slug`): the pages the seeded footer links to, in the four
 * locales. `content` is plain text: blank lines split paragraphs and a line starting with `## `
 * is a heading (the shell draws it without ever reading it as HTML).
 */
type Texts = [title: string, content: string];
type PageTexts = Record<'en-US' | 'es-ES' | 'pt-BR' | 'ru-RU', Texts>;

const PAGES: Record<string, PageTexts> = {
  about: {
    'en-US': [
      'About Northstar',
      'Northstar is an online casino and sportsbook built around fair play and clear rules.\n\n## What we offer\nSlots, live tables and sports betting from licensed providers, with one wallet for everything.\n\n## How we work\nEvery deposit, bet and withdrawal is recorded in a ledger, and your limits are enforced on our servers.',
    ],
    'es-ES': [
      'Sobre Northstar',
      'Northstar es un casino online y casa de apuestas deportivas basado en el juego limpio y en reglas claras.\n\n## Qué ofrecemos\nTragaperras, mesas en vivo y apuestas deportivas de proveedores con licencia, con un solo saldo.\n\n## Cómo trabajamos\nCada depósito, apuesta y retiro queda registrado, y tus límites se aplican en nuestros servidores.',
    ],
    'pt-BR': [
      'Sobre a Northstar',
      'A Northstar é um cassino online e casa de apostas esportivas baseada em jogo limpo e regras claras.\n\n## O que oferecemos\nCaça-níqueis, mesas ao vivo e apostas esportivas de provedores licenciados, com um só saldo.\n\n## Como trabalhamos\nCada depósito, aposta e saque fica registrado, e seus limites são aplicados em nossos servidores.',
    ],
    'ru-RU': [
      'О Northstar',
      'Northstar — онлайн-казино и букмекер, где главное — честная игра и понятные правила.\n\n## Что мы предлагаем\nСлоты, живые столы и ставки на спорт от лицензированных провайдеров с одним балансом.\n\n## Как мы работаем\nКаждый депозит, ставка и вывод записываются, а ваши лимиты действуют на наших серверах.',
    ],
  },
  terms: {
    'en-US': [
      'Terms and conditions',
      'These terms apply to every account on Northstar.\n\n## Your account\nYou must be 18 or over and may hold one account. Keep your password to yourself.\n\n## Deposits and withdrawals\nWithdrawals go to a payment method in your own name. We may ask you to verify your identity first.',
    ],
    'es-ES': [
      'Términos y condiciones',
      'Estos términos se aplican a todas las cuentas de Northstar.\n\n## Tu cuenta\nDebes tener 18 años o más y solo puedes tener una cuenta. No compartas tu contraseña.\n\n## Depósitos y retiros\nLos retiros van a un método de pago a tu nombre. Podemos pedirte que verifiques tu identidad.',
    ],
    'pt-BR': [
      'Termos e condições',
      'Estes termos se aplicam a todas as contas da Northstar.\n\n## Sua conta\nVocê precisa ter 18 anos ou mais e pode ter apenas uma conta. Não compartilhe sua senha.\n\n## Depósitos e saques\nOs saques vão para um meio de pagamento em seu nome. Podemos pedir que você verifique sua identidade.',
    ],
    'ru-RU': [
      'Условия',
      'Эти условия действуют для каждого аккаунта Northstar.\n\n## Ваш аккаунт\nВам должно быть 18 лет или больше, и у вас может быть только один аккаунт. Не сообщайте пароль никому.\n\n## Депозиты и выводы\nВыводы поступают на платёжный метод на ваше имя. Мы можем попросить подтвердить личность.',
    ],
  },
  privacy: {
    'en-US': [
      'Privacy policy',
      'We keep only the data we need to run your account and meet the law.\n\n## What we store\nYour contact details, your transactions and the documents you send for verification.\n\n## Your choices\nYou can unsubscribe from offers at any time from the link in every message.',
    ],
    'es-ES': [
      'Política de privacidad',
      'Solo guardamos los datos necesarios para tu cuenta y para cumplir la ley.\n\n## Qué guardamos\nTus datos de contacto, tus transacciones y los documentos que envías para la verificación.\n\n## Tus opciones\nPuedes darte de baja de las ofertas en cualquier momento desde el enlace de cada mensaje.',
    ],
    'pt-BR': [
      'Política de privacidade',
      'Guardamos apenas os dados necessários para sua conta e para cumprir a lei.\n\n## O que guardamos\nSeus contatos, suas transações e os documentos enviados para verificação.\n\n## Suas escolhas\nVocê pode cancelar as ofertas a qualquer momento pelo link em cada mensagem.',
    ],
    'ru-RU': [
      'Конфиденциальность',
      'Мы храним только данные, нужные для работы аккаунта и по закону.\n\n## Что мы храним\nВаши контакты, операции и документы, присланные для верификации.\n\n## Ваш выбор\nОт рассылки можно отписаться в любой момент по ссылке в каждом письме.',
    ],
  },
  'responsible-gaming': {
    'en-US': [
      'Responsible gaming',
      'Play for fun, never to make money.\n\n## Tools you can use\nSet deposit limits, take a break or exclude yourself from your profile. Limits apply at once.\n\n## Getting help\nIf gambling stops being fun, contact our support team at any time.',
    ],
    'es-ES': [
      'Juego responsable',
      'Juega para divertirte, nunca para ganar dinero.\n\n## Herramientas\nFija límites de depósito, tómate un descanso o autoexclúyete desde tu perfil. Los límites se aplican al instante.\n\n## Ayuda\nSi el juego deja de ser divertido, contacta con soporte en cualquier momento.',
    ],
    'pt-BR': [
      'Jogo responsável',
      'Jogue por diversão, nunca para ganhar dinheiro.\n\n## Ferramentas\nDefina limites de depósito, faça uma pausa ou autoexclua-se no seu perfil. Os limites valem na hora.\n\n## Ajuda\nSe o jogo deixar de ser divertido, fale com o suporte a qualquer momento.',
    ],
    'ru-RU': [
      'Ответственная игра',
      'Играйте ради удовольствия, а не ради заработка.\n\n## Инструменты\nУстановите лимиты депозита, сделайте перерыв или самоисключитесь в профиле. Лимиты действуют сразу.\n\n## Помощь\nЕсли игра перестала радовать, напишите в поддержку в любое время.',
    ],
  },
};

export function pageEntries(): { type: string; locale: string; data: object }[] {
  return Object.entries(PAGES).flatMap(([slug, locales]) =>
    Object.entries(locales).map(([locale, [title, content]]) => ({
      type: 'pages',
      locale,
      data: { slug, title, content },
    })),
  );
}
