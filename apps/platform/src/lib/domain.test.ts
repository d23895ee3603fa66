import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { domain } from './domain.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

describe('domains as Fastify plugins (fastify-plugin)', () => {
  it('every domain of the platform is registered under its name', () => {
    for (const name of ['ops', 'http', 'content', 'oauth', 'social', 'payments', 'web'])
      expect(server.app.hasPlugin(name), name).toBe(true);
  });

  it('share the root scope: a decorator and a hook of one domain reach the routes of the next', async () => {
    const app = Fastify();
    const context = {} as AppContext;
    await app.register(
      domain('first', (scope) => {
        scope.decorate('greeting', 'hello');
        scope.addHook('onRequest', async (_request, reply) => {
          void reply.header('x-first', 'yes');
        });
      }),
      { app: context },
    );
    await app.register(
      domain('second', (scope) => {
        scope.get('/hello', async () => ({
          greeting: (scope as unknown as { greeting: string }).greeting,
        }));
      }),
      { app: context },
    );
    const answer = await app.inject('/hello');
    expect(answer.json()).toEqual({ greeting: 'hello' });
    expect(answer.headers['x-first']).toBe('yes');
    expect((app as unknown as { greeting: string }).greeting).toBe('hello');
    await app.close();
  });
});

describe('a domain on the wrong Fastify', () => {
  it('is refused at registration, naming the domain (fastify-plugin’s version check)', async () => {
    const app = Fastify();
    Object.defineProperty(app, 'version', { value: '4.28.0' });
    await expect(
      app
        .register(
          domain('versioned', () => {}),
          { app: {} as AppContext },
        )
        .ready(),
    ).rejects.toThrow(/versioned.*5\.x|5\.x.*versioned/);
  });
});
