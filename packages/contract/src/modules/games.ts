import * as v from 'valibot';
import * as w from '../wire.ts';
import { anything, fieldsParam, list, method, nullableString, ok, paging } from './shared.ts';

// §7 `games`: its methods, and the entities only this module uses.

export const game = v.object({
  sysname: v.string(),
  name: v.string(),
  provider: v.object({ sysname: v.string(), game_params: v.record(v.string(), v.unknown()) }),
  image_url: nullableString,
  tags: v.array(v.string()),
  description: v.object({ name: v.optional(v.string()), image: v.optional(v.string()) }),
});

export const provider = v.object({
  sysname: v.string(),
  name: v.string(),
  image_url: nullableString,
  type: v.string(),
});

const gamesQuery = v.object(
  {
    sysname: v.optional(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length'))),
    providers: v.optional(
      v.array(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length')), 'wrong_field'),
    ),
    category: v.optional(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length'))),
    search: v.optional(v.pipe(v.string('wrong_field'), v.maxLength(128, 'max_length'))),
    offset: v.optional(
      v.pipe(v.number('wrong_field'), v.integer('wrong_field'), v.minValue(0, 'min_value')),
    ),
    limit: v.optional(
      v.pipe(
        v.number('wrong_field'),
        v.integer('wrong_field'),
        v.minValue(1, 'min_value'),
        v.maxValue(200, 'max_value'),
      ),
    ),
  },
  'wrong_field',
);
const sysnameParam = w.params({ sysname: w.text({ max: 128 }) });
export const games = {
  get: method(
    'games',
    'get',
    'GET',
    'public',
    w.params({ options: w.optional(w.json(gamesQuery)) }),
    list(game),
    'built',
  ),
  getLikes: method(
    'games',
    'getLikes',
    'GET',
    'player',
    w.noParams,
    v.object({ sysnames: v.array(v.string()) }),
    'built',
  ),
  addLike: method('games', 'addLike', 'POST', 'player', sysnameParam, ok, 'planned'),
  removeLike: method('games', 'removeLike', 'POST', 'player', sysnameParam, ok, 'planned'),
  getCategories: method('games', 'getCategories', 'GET', 'public', w.noParams, list(), 'planned'),
  getProviders: method(
    'games',
    'getProviders',
    'GET',
    'public',
    w.params({ fields: fieldsParam, types: w.optional(w.text({ max: 200 })) }),
    list(provider),
    'built',
  ),
  getHistory: method(
    'games',
    'getHistory',
    'GET',
    'player',
    w.params({ ...paging }),
    list(),
    'planned',
  ),
  gethistoryexportrequest: method(
    'games',
    'gethistoryexportrequest',
    'GET',
    'player',
    w.noParams,
    anything,
    'planned',
  ),
  createhistoryexportrequest: method(
    'games',
    'createhistoryexportrequest',
    'POST',
    'player',
    w.noParams,
    anything,
    'planned',
  ),
};
