import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';

/**
 * §3 Loyalty notification (issue #27): trigger (register, profile, confirm, quest, product,
 * level), type (credit or other), title, message, amount, amountType, image. Written in the
 * transaction of what it announces, once per key; the texts are made when they are read, in the
 * request's locale (a notification written in one language would greet a player who switched).
 */

export const TRIGGERS = ['register', 'profile', 'confirm', 'quest', 'product', 'level'] as const;
export type Trigger = (typeof TRIGGERS)[number];

export interface NewNotification {
  playerId: number;
  trigger: Trigger;
  type: 'credit' | 'other';
  key: string;
  params?: Record<string, string>;
  /** What was credited, as shown (`150` points, `10` spins, `5.00` cash). */
  amount?: string | null;
  amountType?: 'points' | 'bonus' | 'freespins' | 'cash' | null;
  image?: string | null;
}

export async function notify(tx: Executor, n: NewNotification): Promise<void> {
  await tx.execute(sql`
    insert into loyalty_notifications
      (player_id, trigger, type, params, amount, amount_type, image, key)
    values (${n.playerId}, ${n.trigger}, ${n.type}, ${JSON.stringify(n.params ?? {})}::jsonb,
      ${n.amount ?? null}, ${n.amountType ?? null}, ${n.image ?? null}, ${n.key})
    on conflict (key) do nothing`);
}

export interface NotificationView {
  id: number;
  trigger: Trigger;
  type: 'credit' | 'other';
  title: string;
  message: string;
  amount: string | null;
  amountType: string | null;
  image: string | null;
  created_at: string;
}

/**
 * The player's unseen notifications, oldest first, marked seen by this read (§4: the toasts are
 * shown 300 ms after the fetch, once; a second fetch answers only what came since). The rows are
 * taken with `for update skip locked`, so two tabs fetching at once do not both toast one.
 */
export async function takeUnseen(
  db: Executor,
  playerId: number,
  locale: string,
  now: Date,
): Promise<NotificationView[]> {
  return db.transaction(async (tx) => {
    const rows = await rowsOf<{
      id: string;
      trigger: Trigger;
      type: 'credit' | 'other';
      params: Record<string, string>;
      amount: string | null;
      amount_type: string | null;
      image: string | null;
      created_at: string | Date;
    }>(
      tx,
      sql`select id::text, trigger, type, params, amount, amount_type, image, created_at
          from loyalty_notifications
          where player_id = ${playerId} and seen_at is null
          order by id limit 50
          for update skip locked`,
    );
    if (rows.length > 0) {
      await tx.execute(sql`
        update loyalty_notifications set seen_at = ${now.toISOString()}::timestamptz
        where id in ${rows.map((r) => r.id)}`);
    }
    return rows.map((r) => {
      const text = textOf(r.trigger, r.params, locale);
      return {
        id: Number(r.id),
        trigger: r.trigger,
        type: r.type,
        title: text.title,
        message: text.message,
        amount: r.amount,
        amountType: r.amount_type,
        image: r.image,
        created_at: new Date(r.created_at).toISOString(),
      };
    });
  });
}

type Texts = Record<Trigger, { title: string; message: string }>;

/** The texts, `{name}` filled from the notification's params. en-US is the fallback (§9). */
const TEXTS: Record<string, Texts> = {
  'en-US': {
    register: {
      title: 'Welcome to the loyalty club',
      message: 'Play to earn points and reach new levels.',
    },
    profile: { title: 'Profile complete', message: 'Thank you for completing your profile.' },
    confirm: { title: 'Contact confirmed', message: 'Your contact is confirmed.' },
    quest: {
      title: 'Quest complete',
      message: 'You completed “{program}”. Your reward is credited.',
    },
    product: { title: 'Purchase complete', message: '“{product}” is yours.' },
    level: { title: 'New level', message: 'You reached the {level} level.' },
  },
  'es-ES': {
    register: {
      title: 'Bienvenido al club de fidelidad',
      message: 'Juega para ganar puntos y alcanzar nuevos niveles.',
    },
    profile: { title: 'Perfil completo', message: 'Gracias por completar tu perfil.' },
    confirm: { title: 'Contacto confirmado', message: 'Tu contacto está confirmado.' },
    quest: {
      title: 'Misión completada',
      message: 'Completaste «{program}». Tu premio está abonado.',
    },
    product: { title: 'Compra realizada', message: '«{product}» ya es tuyo.' },
    level: { title: 'Nuevo nivel', message: 'Has alcanzado el nivel {level}.' },
  },
  'pt-BR': {
    register: {
      title: 'Bem-vindo ao clube de fidelidade',
      message: 'Jogue para ganhar pontos e alcançar novos níveis.',
    },
    profile: { title: 'Perfil completo', message: 'Obrigado por completar seu perfil.' },
    confirm: { title: 'Contato confirmado', message: 'Seu contato está confirmado.' },
    quest: {
      title: 'Missão concluída',
      message: 'Você concluiu “{program}”. Sua recompensa foi creditada.',
    },
    product: { title: 'Compra concluída', message: '“{product}” é seu.' },
    level: { title: 'Novo nível', message: 'Você alcançou o nível {level}.' },
  },
  'ru-RU': {
    register: {
      title: 'Добро пожаловать в клуб лояльности',
      message: 'Играйте, чтобы получать баллы и новые уровни.',
    },
    profile: { title: 'Профиль заполнен', message: 'Спасибо, что заполнили профиль.' },
    confirm: { title: 'Контакт подтверждён', message: 'Ваш контакт подтверждён.' },
    quest: { title: 'Задание выполнено', message: 'Вы выполнили «{program}». Награда начислена.' },
    product: { title: 'Покупка совершена', message: '«{product}» теперь ваш.' },
    level: { title: 'Новый уровень', message: 'Вы достигли уровня {level}.' },
  },
};

export function textOf(
  trigger: Trigger,
  params: Record<string, string>,
  locale: string,
): { title: string; message: string } {
  const texts = (TEXTS[locale] ?? TEXTS['en-US']!)[trigger];
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
  return { title: fill(texts.title), message: fill(texts.message) };
}
