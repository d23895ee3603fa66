import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeLabel } from './route-label.ts';

const request = (fields: { url: string; pattern?: string; method?: string; params?: object }) =>
  ({
    url: fields.url,
    method: fields.method ?? 'GET',
    params: fields.params ?? {},
    routeOptions: { url: fields.pattern },
  }) as unknown as FastifyRequest;

describe('routeLabel', () => {
  it('names a file of the shell’s build static, not by its hashed name', () => {
    expect(routeLabel(request({ url: '/vendor.3f9a1c.js', pattern: '/vendor.3f9a1c.js' }))).toBe(
      'static',
    );
    expect(routeLabel(request({ url: '/favicon.ico', pattern: '/favicon.ico' }))).toBe('static');
  });

  it('keeps a pattern, and a literal route that is no file', () => {
    expect(
      routeLabel(request({ url: '/remotes/casino/main.js', pattern: '/remotes/casino/*' })),
    ).toBe('/remotes/casino/*');
    expect(routeLabel(request({ url: '/remotes.json', pattern: '/remotes.json' }))).toBe('static');
    expect(routeLabel(request({ url: '/metrics', pattern: '/metrics' }))).toBe('/metrics');
  });

  it('names an /api call by the registry’s spelling of its method', () => {
    const call = (module: string, method: string) =>
      routeLabel(
        request({
          url: `/api/${module}/${method}`,
          pattern: '/api/:module/:method',
          params: { module, method },
        }),
      );
    expect(call('ACCOUNT', 'getinfo')).toBe('api account/getInfo');
    expect(call('account', 'nothing-like-this')).toBe('api unknown');
  });

  it('names a page by its route id, locale prefix and query aside', () => {
    expect(routeLabel(request({ url: '/pt-BR/gamehall/all?sort=new' }))).toBe('page gamehallItem');
    expect(routeLabel(request({ url: '/' }))).toBe('page home');
    expect(routeLabel(request({ url: '/x/y/z/nothing' }))).toBe('page unknown');
    expect(routeLabel(request({ url: '/anything', method: 'POST' }))).toBe('unmatched');
  });
});
