import {
  getCountries,
  getCountryCallingCode,
  getExampleNumber,
  type CountryCode,
} from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import metadata from 'libphonenumber-js/metadata.max';
import { DEFAULT_LOCALE } from '@northstar/i18n/locales';

/**
 * Reference data the sign-up and profile forms need: countries, phone country options with masks
 * (§3 "Phone country option"), and the personal-data field definitions per country (§3 "Profile
 * field definition"): the United States (the default locale's country), Brazil (with CPF) and
 * Spain, with a generic set for every other country.
 */
/**
 * Countries (§3) come from libphonenumber-js's metadata (every region with a numbering plan,
 * 245 of them), named by `Intl.DisplayNames` in the page's language: the Spanish site says
 * "Estados Unidos", the Russian one "Соединённые Штаты". Before, ten countries were typed by
 * hand, in English only. Server-side, so the full metadata costs the browser nothing.
 */
const COUNTRY_CODES: readonly CountryCode[] = getCountries();

/** Names in one language, sorted as that language sorts them; kept per locale. */
const namedCountries = new Map<string, readonly { code: CountryCode; name: string }[]>();

function displayLocale(locale: string | undefined): string {
  try {
    return Intl.getCanonicalLocales(locale ?? DEFAULT_LOCALE)[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function countries(locale?: string): readonly { code: CountryCode; name: string }[] {
  const language = displayLocale(locale);
  let list = namedCountries.get(language);
  if (!list) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(language);
    list = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
    namedCountries.set(language, list);
  }
  return list;
}

/**
 * Masks kept by hand where they are better than the library's: its example is one mobile number,
 * so one length, where Brazil and Germany have two (a landline and a mobile length, §5 "the
 * national part is masked with the shortest mask that holds it"), and the United States and
 * Canada are written with the brackets players know.
 */
const HAND_MASKS: Partial<Record<CountryCode, string | string[]>> = {
  US: '(###) ###-####',
  CA: '(###) ###-####',
  BR: ['(##) ####-####', '(##) #####-####'],
  DE: ['### #######', '#### ########'],
};

/** The national part of the country's example mobile number, its digits as `#`. */
function exampleMask(country: CountryCode): string | undefined {
  const example = getExampleNumber(country, examples);
  if (!example) return undefined;
  const international = example.formatInternational();
  const national = international.slice(`+${example.countryCallingCode}`.length).trim();
  return national.replace(/\d/g, '#');
}

interface PhoneCountry {
  country_code: CountryCode;
  phone_code: string;
  name: string;
  /** Empty when the library has no example number for the country (none today). */
  mask: string | string[];
}
const phoneLists = new Map<string, readonly PhoneCountry[]>();

/**
 * §3 "Phone country option" for every country: its calling code from libphonenumber-js, its name
 * in the page's language, its mask. Sorted by name, except that where several countries share a
 * calling code (+1, +7, +44), the code's main country (libphonenumber's first, United States,
 * Russia, United Kingdom) comes before the others: the phone field takes the first option whose
 * code starts the number (packages/validators phoneCountryOption), so `+1…` still reads US.
 */
export function phoneCountries(locale?: string): PhoneCountry[] {
  const language = displayLocale(locale);
  const cached = phoneLists.get(language);
  if (cached) return [...cached];
  const list: PhoneCountry[] = countries(language).map(({ code, name }) => {
    const mask = HAND_MASKS[code] ?? exampleMask(code) ?? '';
    return { country_code: code, phone_code: getCountryCallingCode(code), name, mask };
  });
  for (const [callingCode, [main]] of Object.entries(metadata.country_calling_codes)) {
    const others = list.filter((option) => option.phone_code === callingCode);
    if (!main || others.length < 2) continue;
    const at = list.findIndex((option) => option.country_code === main);
    const first = list.indexOf(others[0]!);
    if (at > first) list.splice(first, 0, ...list.splice(at, 1));
  }
  phoneLists.set(language, list);
  return [...list];
}

const US_STATES = [
  ['CA', 'California'],
  ['FL', 'Florida'],
  ['NJ', 'New Jersey'],
  ['NV', 'Nevada'],
  ['NY', 'New York'],
  ['PA', 'Pennsylvania'],
  ['TX', 'Texas'],
].map(([value, label]) => ({ value: value!, label: label! }));
const BR_STATES = [
  ['SP', 'São Paulo'],
  ['RJ', 'Rio de Janeiro'],
  ['MG', 'Minas Gerais'],
  ['BA', 'Bahia'],
  ['RS', 'Rio Grande do Sul'],
  ['PR', 'Paraná'],
].map(([value, label]) => ({ value: value!, label: label! }));
const ES_PROVINCES = [
  ['M', 'Madrid'],
  ['B', 'Barcelona'],
  ['V', 'Valencia'],
  ['SE', 'Sevilla'],
  ['MA', 'Málaga'],
  ['BI', 'Bizkaia'],
].map(([value, label]) => ({ value: value!, label: label! }));

type FieldType = 'input' | 'password' | 'date' | 'select' | 'country_code' | 'region' | 'phone';
interface FieldDefinition {
  sysname: string;
  type: FieldType;
  params: { is_required: boolean; is_visible: boolean };
  options: {
    mask?: string | string[];
    regex?: string;
    list?: { value: string; label: string }[];
    regions?: Record<string, { value: string; label: string }[]>;
  };
}

const field = (
  sysname: string,
  type: FieldType,
  required: boolean,
  options: FieldDefinition['options'] = {},
): FieldDefinition => ({
  sysname,
  type,
  params: { is_required: required, is_visible: true },
  options,
});

const NAME_REGEX = '^[^\\d@_"!?#$%^&*(){}\\[\\]|/\\\\<>~§+:;`]+$';

export function personalDataFields(
  country: string | undefined,
  locale?: string,
): FieldDefinition[] {
  const code = (country ?? 'US').toUpperCase();
  const common = [
    field('first_name', 'input', true, { regex: NAME_REGEX }),
    field('last_name', 'input', true, { regex: NAME_REGEX }),
    field('birth_date', 'date', true),
    field('sex', 'select', false, {
      list: [
        { value: '1', label: 'male' },
        { value: '2', label: 'female' },
      ],
    }),
    field('country_code', 'country_code', true, {
      list: countries(locale).map((c) => ({ value: c.code, label: c.name })),
    }),
    field('home_town', 'input', false),
    field('address', 'input', false),
    field('mobile', 'phone', false),
  ];
  switch (code) {
    case 'US':
      return [
        ...common,
        field('region', 'region', true, { regions: { US: US_STATES } }),
        field('postcode', 'input', true, {
          mask: ['#####', '#####-####'],
          regex: '^\\d{5}(-\\d{4})?$',
        }),
        field('document_type', 'select', false, {
          list: [
            { value: 'passport', label: 'passport' },
            { value: 'driver_license', label: 'driver_license' },
          ],
        }),
        field('document_number', 'input', false),
      ];
    case 'BR':
      return [
        ...common,
        field('region', 'region', true, { regions: { BR: BR_STATES } }),
        field('postcode', 'input', true, { mask: '#####-###', regex: '^\\d{5}-?\\d{3}$' }),
        field('document_type', 'select', true, { list: [{ value: 'cpf', label: 'cpf' }] }),
        field('document_number', 'input', true, {
          mask: '###.###.###-##',
          regex: '^\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}$',
        }),
      ];
    case 'ES':
      return [
        ...common,
        field('region', 'region', true, { regions: { ES: ES_PROVINCES } }),
        field('postcode', 'input', true, { mask: '#####', regex: '^\\d{5}$' }),
        field('document_type', 'select', true, {
          list: [
            { value: 'dni', label: 'dni' },
            { value: 'nie', label: 'nie' },
            { value: 'passport', label: 'passport' },
          ],
        }),
        field('document_number', 'input', true, {
          mask: ['########@', '@#######@'],
          regex: '^([0-9]{8}[A-Za-z]|[XYZxyz][0-9]{7}[A-Za-z])$',
        }),
      ];
    default:
      return [
        ...common,
        field('postcode', 'input', false, { regex: '^\\d{1,8}$' }),
        field('document_number', 'input', false),
      ];
  }
}
