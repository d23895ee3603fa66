import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../testing/api.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { countries, personalDataFields, phoneCountries } from './reference-data.ts';

describe('countries and phone codes (libphonenumber-js, Intl.DisplayNames)', () => {
  it('names every country in the page’s language, sorted as that language sorts', () => {
    const spanish = countries('es-ES');
    expect(spanish.length).toBeGreaterThan(200);
    expect(spanish).toContainEqual({ code: 'US', name: 'Estados Unidos' });
    expect(spanish).toContainEqual({ code: 'DE', name: 'Alemania' });
    expect(countries('en-US')).toContainEqual({ code: 'US', name: 'United States' });
    expect(countries('pt-BR')).toContainEqual({ code: 'BR', name: 'Brasil' });
    expect(countries('ru-RU').find((c) => c.code === 'RU')?.name).toBe('Россия');
    const names = spanish.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('es-ES').compare));
    // An unknown or malformed locale falls back to the default's names, never throws.
    expect(countries('xx_bad')).toContainEqual({ code: 'US', name: 'United States' });
  });

  it('gives each country its calling code and a mask (the hand masks where they are better)', () => {
    const options = phoneCountries('es-ES');
    const option = (code: string) => options.find((o) => o.country_code === code);
    expect(option('US')).toEqual({
      country_code: 'US',
      phone_code: '1',
      name: 'Estados Unidos',
      mask: '(###) ###-####',
    });
    expect(option('BR')?.mask).toEqual(['(##) ####-####', '(##) #####-####']);
    // Countries the hand list never had, masked from the library's example number.
    expect(option('RU')).toMatchObject({ phone_code: '7', mask: '### ### ## ##' });
    expect(option('ES')).toMatchObject({ phone_code: '34', name: 'España', mask: '### ## ## ##' });
    expect(option('XK')).toMatchObject({ phone_code: '383' });
    expect(options.filter((o) => o.mask === '').map((o) => o.country_code)).toEqual([]);
  });

  it('puts a shared calling code’s main country first, so +1 reads the United States', () => {
    const options = phoneCountries('en-US');
    const firstWith = (code: string) => options.find((o) => o.phone_code === code)?.country_code;
    expect(firstWith('1')).toBe('US');
    expect(firstWith('7')).toBe('RU');
    expect(firstWith('44')).toBe('GB');
    expect(options.filter((o) => o.phone_code === '1').length).toBeGreaterThan(10);
  });

  it('the personal-data country list follows the locale too', () => {
    const field = personalDataFields('US', 'es-ES').find((f) => f.sysname === 'country_code');
    expect(field?.options.list).toContainEqual({ value: 'US', label: 'Estados Unidos' });
  });
});

describe('the API answers them in the request’s locale', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 60_000);
  afterAll(() => server.close());

  const inSpanish = async (method: string, params: Record<string, string> = {}) => {
    const url = new URL(`/api/${method}`, server.url);
    url.searchParams.set('v', '2.34');
    url.searchParams.set('locale', 'es-ES');
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return ((await (await fetch(url)).json()) as { data: unknown }).data;
  };

  it('account/getContactPhoneSettings, metadata/get and getPersonalDataFields say "Estados Unidos" on the Spanish site', async () => {
    expect(await inSpanish('account/getContactPhoneSettings')).toContainEqual(
      expect.objectContaining({ country_code: 'US', phone_code: '1', name: 'Estados Unidos' }),
    );
    expect(
      ((await inSpanish('metadata/get')) as { countries: unknown[] }).countries,
    ).toContainEqual({ code: 'US', name: 'Estados Unidos' });
    const fields = (await inSpanish('account/getPersonalDataFields', { country: 'US' })) as {
      sysname: string;
      options: { list?: unknown[] };
    }[];
    expect(fields.find((f) => f.sysname === 'country_code')?.options.list).toContainEqual({
      value: 'US',
      label: 'Estados Unidos',
    });
    // English stays English.
    const english = await get(server.browser(), 'account/getContactPhoneSettings');
    expect(english.body.data).toContainEqual(
      expect.objectContaining({ country_code: 'US', name: 'United States' }),
    );
  });
});
