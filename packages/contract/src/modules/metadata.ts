import * as v from 'valibot';
import { currencyRate } from '../entities.ts';
import * as w from '../wire.ts';
import { method } from './shared.ts';

// §7 `metadata`: its methods, and the entities only this module uses.

export const generalInfo = v.object({
  analytic: v.record(v.string(), v.unknown()),
  available_currencies: v.record(v.string(), v.string()),
  available_locales: v.array(v.string()),
  default_currency: v.string(),
  is_seon_enabled: v.boolean(),
  domain_state: v.string(),
  domain_type: v.string(),
  is_bonus_isolation_enabled: v.boolean(),
  time_to_force_logout: v.number(),
  is_game_history_export_enabled: v.boolean(),
  user_inactivity_cashier_time: v.number(),
  user_inactivity_pp_time: v.number(),
});

export const localeEntity = v.object({
  code: v.string(),
  name: v.string(),
  isDefault: v.boolean(),
});

export const metadata = {
  get: method(
    'metadata',
    'get',
    'GET',
    'public',
    w.noParams,
    v.object({
      locales: v.array(localeEntity),
      defaultLocale: v.string(),
      currencies: v.array(currencyRate),
      countries: v.array(v.object({ code: v.string(), name: v.string() })),
    }),
    'built',
  ),
  getgeneralinfo: method(
    'metadata',
    'getgeneralinfo',
    'GET',
    'public',
    w.noParams,
    generalInfo,
    'built',
  ),
};
