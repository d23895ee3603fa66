import { VERB_EXCEPTIONS } from './verbs.generated.ts';

export type HttpVerb = 'GET' | 'POST';

/**
 * The verb a registry method is called with, from the contract, without its schemas: the browser
 * imports this module (`@northstar/contract/verbs`) so that a ref names only module and method.
 * A method whose name starts with `get` is a GET and any other a POST, except the few the
 * generated table lists (`verbs.generated.ts`, written from the registry by
 * `tools/generate-verbs.ts`; `verbs.test.ts` fails when it is stale). A table of every method
 * would cost the first page about a kilobyte of JS; the exceptions cost a few bytes.
 */
export function verbOf(module: string, method: string): HttpVerb {
  return VERB_EXCEPTIONS[`${module}/${method}`] ?? (/^get/i.test(method) ? 'GET' : 'POST');
}

/** The exceptions to the naming rule among `methods`: what `verbs.generated.ts` must hold. */
export function verbExceptions(
  methods: readonly { module: string; method: string; http: HttpVerb }[],
): Record<string, HttpVerb> {
  const out: Record<string, HttpVerb> = {};
  for (const m of methods) {
    const byName: HttpVerb = /^get/i.test(m.method) ? 'GET' : 'POST';
    if (byName !== m.http) out[`${m.module}/${m.method}`] = m.http;
  }
  return out;
}
