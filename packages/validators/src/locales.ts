/**
 * The field error messages of §5 in the site's four languages, for `translateMessage`. Keys are
 * the error codes (and `code.kind` variants) of `defaultMessages`, plus the codes the server
 * puts on fields (`already_exists`, `promo_code_invalid`, `code_invalid`, `wrong_field`).
 * `{name}` is a parameter of the encoded message.
 */
import { defaultMessages } from './messages.ts';

const enUS: Readonly<Record<string, string>> = {
  ...defaultMessages,
  already_exists: 'Already registered: sign in or use another one',
  'already_exists.email': 'This e-mail is already registered',
  'already_exists.phone': 'This phone number is already registered',
  promo_code_invalid: 'This promo code is not valid',
  code_invalid: 'Wrong code',
  wrong_field: 'Wrong field',
};

const esES: Readonly<Record<string, string>> = {
  required: 'Campo obligatorio',
  'required.phone': 'Introduce el número de teléfono',
  'required.email': 'Introduce el correo electrónico',
  'required.checkbox': 'Debes marcar esta casilla',
  email: 'Correo electrónico no válido',
  min_length: 'Mínimo {min} caracteres',
  max_length: 'Máximo {max} caracteres',
  phone: 'Formato de teléfono no válido',
  fakename: 'Solo letras y números, sin espacios ni símbolos',
  password: 'Caracteres no permitidos: {chars}',
  name: 'Valor no válido',
  address: 'Valor no válido',
  iban: 'IBAN no válido',
  same_as: 'Debe coincidir con {other}',
  'same_as.password': 'Las contraseñas no coinciden',
  regex: 'Formato no válido',
  card_number: 'Número de tarjeta no válido',
  min_value: 'Valor mínimo: {min}',
  max_value: 'Valor máximo: {max}',
  date: 'Fecha no válida',
  verification_code: 'Introduce el código de 6 dígitos',
  sum: 'Valor no válido',
  sum_range: 'Introduce un importe entre {min} y {max}',
  postcode: 'Código postal no válido',
  card_holder: "Solo letras, espacios y . ' -",
  username: 'Sin espacios, comillas, guiones ni signos de puntuación',
  allowed_characters: 'Caracteres no permitidos: {chars}',
  mask: 'Completa el valor entero',
  already_exists: 'Ya está registrado: inicia sesión o usa otro',
  'already_exists.email': 'Este correo ya está registrado',
  'already_exists.phone': 'Este teléfono ya está registrado',
  promo_code_invalid: 'Este código promocional no es válido',
  code_invalid: 'Código incorrecto',
  wrong_field: 'Valor no válido',
};

const ptBR: Readonly<Record<string, string>> = {
  required: 'Campo obrigatório',
  'required.phone': 'Informe o número de telefone',
  'required.email': 'Informe o e-mail',
  'required.checkbox': 'Marque esta opção',
  email: 'E-mail inválido',
  min_length: 'Mínimo de {min} caracteres',
  max_length: 'Máximo de {max} caracteres',
  phone: 'Formato de telefone inválido',
  fakename: 'Apenas letras e números, sem espaços ou símbolos',
  password: 'Caracteres não permitidos: {chars}',
  name: 'Valor inválido',
  address: 'Valor inválido',
  iban: 'IBAN inválido',
  same_as: 'Deve ser igual a {other}',
  'same_as.password': 'As senhas não coincidem',
  regex: 'Formato inválido',
  card_number: 'Número de cartão inválido',
  min_value: 'Valor mínimo: {min}',
  max_value: 'Valor máximo: {max}',
  date: 'Data inválida',
  verification_code: 'Digite o código de 6 dígitos',
  sum: 'Valor inválido',
  sum_range: 'Informe um valor entre {min} e {max}',
  postcode: 'CEP inválido',
  card_holder: "Apenas letras, espaços e . ' -",
  username: 'Sem espaços, aspas, hífens ou pontuação',
  allowed_characters: 'Caracteres não permitidos: {chars}',
  mask: 'Preencha o valor completo',
  already_exists: 'Já cadastrado: entre ou use outro',
  'already_exists.email': 'Este e-mail já está cadastrado',
  'already_exists.phone': 'Este telefone já está cadastrado',
  promo_code_invalid: 'Este código promocional não é válido',
  code_invalid: 'Código incorreto',
  wrong_field: 'Valor inválido',
};

const ruRU: Readonly<Record<string, string>> = {
  required: 'Обязательное поле',
  'required.phone': 'Введите номер телефона',
  'required.email': 'Введите адрес электронной почты',
  'required.checkbox': 'Отметьте этот пункт',
  email: 'Неверный адрес электронной почты',
  min_length: 'Минимальная длина: {min}',
  max_length: 'Максимальная длина: {max}',
  phone: 'Неверный формат номера',
  fakename: 'Только буквы и цифры, без пробелов и символов',
  password: 'Недопустимые символы: {chars}',
  name: 'Неверное значение',
  address: 'Неверное значение',
  iban: 'Неверный IBAN',
  same_as: 'Должно совпадать с полем {other}',
  'same_as.password': 'Пароли не совпадают',
  regex: 'Неверный формат',
  card_number: 'Неверный номер карты',
  min_value: 'Минимальное значение: {min}',
  max_value: 'Максимальное значение: {max}',
  date: 'Неверная дата',
  verification_code: 'Введите 6-значный код',
  sum: 'Неверное значение',
  sum_range: 'Введите сумму от {min} до {max}',
  postcode: 'Неверный почтовый индекс',
  card_holder: "Только буквы, пробелы и . ' -",
  username: 'Без пробелов, кавычек, дефисов и знаков препинания',
  allowed_characters: 'Недопустимые символы: {chars}',
  mask: 'Заполните значение полностью',
  already_exists: 'Уже зарегистрировано: войдите или укажите другое',
  'already_exists.email': 'Этот e-mail уже зарегистрирован',
  'already_exists.phone': 'Этот номер уже зарегистрирован',
  promo_code_invalid: 'Этот промокод недействителен',
  code_invalid: 'Неверный код',
  wrong_field: 'Неверное значение',
};

export const VALIDATION_LOCALES = ['en-US', 'es-ES', 'pt-BR', 'ru-RU'] as const;
export type ValidationLocale = (typeof VALIDATION_LOCALES)[number];

export const validationMessages: Readonly<
  Record<ValidationLocale, Readonly<Record<string, string>>>
> = { 'en-US': enUS, 'es-ES': esES, 'pt-BR': ptBR, 'ru-RU': ruRU };

/** The dictionary of a locale; English for a locale the site does not translate. */
export function messagesFor(locale: string): Readonly<Record<string, string>> {
  return (validationMessages as Record<string, Readonly<Record<string, string>>>)[locale] ?? enUS;
}
