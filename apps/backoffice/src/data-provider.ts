import type { DataProvider, GetListParams, GetListResponse } from '@refinedev/core';
import { api } from './api.ts';

/**
 * Refine's data provider over the staff methods of packages/contract. The platform's API is not
 * REST: each resource names the methods that list it and read one; changes are `custom` calls
 * (`useCustomMutation` with `url` = `module/method`), each of which the platform audits.
 */

type Filters = Record<string, string | number | undefined>;

function filtersOf(filters: GetListParams['filters']): Filters {
  const out: Filters = {};
  for (const filter of filters ?? []) {
    if (!('field' in filter)) continue;
    const value: unknown = filter.value;
    if (value === undefined || value === null || value === '') continue;
    out[filter.field] = typeof value === 'number' ? value : String(value);
  }
  return out;
}

function page(pagination: GetListParams['pagination']) {
  const size = pagination?.pageSize ?? 25;
  return { offset: ((pagination?.currentPage ?? 1) - 1) * size, count: size };
}

/** The rows of a resource: the contract's answers, as they come. */
async function listOf({ resource, pagination, filters }: GetListParams) {
  const f = filtersOf(filters);
  switch (resource) {
    case 'players': {
      if (!f.query) return { data: [], total: 0 };
      const rows = await api.call('staff', 'searchplayers', { query: String(f.query) });
      return { data: rows, total: rows.length };
    }
    case 'withdrawals': {
      const answer = await api.call('cashier', 'staffgetwithdrawals', {
        ...page(pagination),
        ...(f.stage ? { stage: String(f.stage) } : {}),
      });
      return { data: answer.items, total: answer.total };
    }
    case 'kyc': {
      const rows = await api.call('sumsub', 'stafflistapplicants', {
        status: f.status === 'all' ? 'all' : 'pending',
      });
      return { data: rows.map((row) => ({ ...row, id: row.player_id })), total: rows.length };
    }
    case 'audit': {
      const answer = await api.call('staff', 'listaudit', {
        ...page(pagination),
        ...(f.action ? { action: String(f.action) } : {}),
        ...(f.player_id ? { player_id: Number(f.player_id) } : {}),
        ...(f.actor_id ? { actor_id: Number(f.actor_id) } : {}),
        ...(f.kind === 'read' || f.kind === 'change' ? { kind: f.kind } : {}),
      });
      return { data: answer.items, total: answer.total };
    }
    case 'staff': {
      const rows = await api.call('staff', 'liststaff');
      return { data: rows, total: rows.length };
    }
    default:
      throw new Error(`No list for ${resource}`);
  }
}

const changesAreCustom = () => {
  throw new Error('Changes are custom calls (module/method)');
};

export const dataProvider: DataProvider = {
  getApiUrl: () => '/api',

  // Refine's `TData` is the caller's type of a row; the rows are the contract's answers.
  async getList(params) {
    return (await listOf(params)) as GetListResponse<never>;
  },

  async getOne({ resource, id }) {
    if (resource !== 'players') throw new Error(`No record of ${resource}`);
    return { data: (await api.call('staff', 'getplayer', { player_id: Number(id) })) as never };
  },

  create: changesAreCustom,
  update: changesAreCustom,
  deleteOne: changesAreCustom,

  /** `url` is `module/method` of a staff method; `payload` (or `query` on a GET) its params. */
  async custom({ url, method, payload, query }) {
    const [module, name] = url.split('/') as [string, string];
    const params = (method === 'get' ? query : payload) ?? {};
    const call = api.call as (m: string, n: string, p: unknown) => Promise<unknown>;
    return { data: (await call(module, name, params)) as never };
  },
};
