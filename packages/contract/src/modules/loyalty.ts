import * as v from 'valibot';
import * as w from '../wire.ts';
import { anything, list, method, nullableString, ok } from './shared.ts';

// §7 `loyalty`: its methods, and the entities only this module uses.

export const character = v.object({
  id: v.number(),
  sysname: v.string(),
  name: v.string(),
  image_url: nullableString,
});

export const loyaltyInfo = v.object({
  id: v.number(),
  uid: v.number(),
  is_active: v.boolean(),
  points: v.number(),
  character: v.nullable(character),
  levels: v.array(v.object({ level: v.number(), name: v.string(), points_from: v.number() })),
  pointsAlias: v.string(),
});

export const loyalty = {
  buyproduct: method(
    'loyalty',
    'buyproduct',
    'POST',
    'player',
    w.params({ product_id: w.integer({ min: 1 }) }),
    anything,
    'planned',
  ),
  getcharacters: method(
    'loyalty',
    'getcharacters',
    'GET',
    'public',
    w.params({
      offset: w.optional(w.integer({ min: 0 })),
      limit: w.optional(w.integer({ min: 1, max: 100 })),
    }),
    v.object({
      items: v.array(character),
      offset: v.number(),
      limit: v.number(),
      total: v.number(),
    }),
    'built',
  ),
  getinfo: method('loyalty', 'getinfo', 'GET', 'player', w.noParams, loyaltyInfo, 'built'),
  getnotifications: method(
    'loyalty',
    'getnotifications',
    'GET',
    'player',
    w.noParams,
    list(),
    'planned',
  ),
  getproducts: method('loyalty', 'getproducts', 'GET', 'public', w.noParams, list(), 'planned'),
  setcharacter: method(
    'loyalty',
    'setcharacter',
    'POST',
    'player',
    w.params({ id: w.integer({ min: 1 }) }),
    ok,
    'planned',
  ),
  getPrograms: method('loyalty', 'getPrograms', 'GET', 'public', w.noParams, list(), 'planned'),
  getProgram: method(
    'loyalty',
    'getProgram',
    'GET',
    'public',
    w.params({ sysname: w.text({ max: 128 }) }),
    anything,
    'planned',
  ),
};
