/**
 * Reference data the sign-up and profile forms need: countries, phone country options with masks
 * (§3 "Phone country option"), and the personal-data field definitions per country (§3 "Profile
 * field definition"): the United States (the default locale's country), Brazil (with CPF) and
 * Spain, with a generic set for every other country.
 */
export const COUNTRIES = [
  { code: 'US', name: 'United States' },
  { code: 'BR', name: 'Brazil' },
  { code: 'ES', name: 'Spain' },
  { code: 'PT', name: 'Portugal' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'MX', name: 'Mexico' },
  { code: 'AR', name: 'Argentina' },
  { code: 'CA', name: 'Canada' },
] as const;

export const PHONE_COUNTRIES = [
  { country_code: 'US', phone_code: '1', name: 'United States', mask: '(###) ###-####' },
  { country_code: 'CA', phone_code: '1', name: 'Canada', mask: '(###) ###-####' },
  {
    country_code: 'BR',
    phone_code: '55',
    name: 'Brazil',
    mask: ['(##) ####-####', '(##) #####-####'],
  },
  { country_code: 'ES', phone_code: '34', name: 'Spain', mask: '### ### ###' },
  { country_code: 'PT', phone_code: '351', name: 'Portugal', mask: '### ### ###' },
  { country_code: 'GB', phone_code: '44', name: 'United Kingdom', mask: '#### ######' },
  { country_code: 'DE', phone_code: '49', name: 'Germany', mask: ['### #######', '#### ########'] },
  { country_code: 'FR', phone_code: '33', name: 'France', mask: '# ## ## ## ##' },
  { country_code: 'MX', phone_code: '52', name: 'Mexico', mask: '## #### ####' },
  { country_code: 'AR', phone_code: '54', name: 'Argentina', mask: '## ####-####' },
];

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

export function personalDataFields(country: string | undefined): FieldDefinition[] {
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
      list: COUNTRIES.map((c) => ({ value: c.code, label: c.name })),
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
