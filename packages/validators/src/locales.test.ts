import { describe, expect, it } from 'vitest';
import { encodeMessage, translateMessage } from './messages.ts';
import { messagesFor, VALIDATION_LOCALES, validationMessages } from './locales.ts';

const english = validationMessages['en-US'];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('validation messages in four languages', () => {
  it.each(VALIDATION_LOCALES.filter((l) => l !== 'en-US'))(
    '%s has every key of en-US, its placeholders, and its own words',
    (locale) => {
      const messages = validationMessages[locale];
      expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(english)) {
        expect(placeholders(messages[key]!), `${locale} ${key}`).toEqual(placeholders(text));
      }
      const same = Object.keys(english).filter((key) => messages[key] === english[key]);
      // Only symbol-only texts may read the same in every language.
      expect(same.every((key) => key === 'card_holder')).toBe(true);
    },
  );

  it('translates encoded messages with their parameters', () => {
    expect(translateMessage(encodeMessage('min_length', { min: 6 }), messagesFor('es-ES'))).toBe(
      'Mínimo 6 caracteres',
    );
    expect(
      translateMessage(
        encodeMessage('same_as', { other: 'password', kind: 'password' }),
        messagesFor('ru-RU'),
      ),
    ).toBe('Пароли не совпадают');
    expect(
      translateMessage(encodeMessage('required', { kind: 'phone' }), messagesFor('pt-BR')),
    ).toBe('Informe o número de telefone');
  });

  it('falls back to English for a locale it does not know', () => {
    expect(messagesFor('fr-FR')).toBe(english);
  });
});
