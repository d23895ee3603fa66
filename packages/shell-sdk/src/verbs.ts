import { VERB_EXCEPTIONS } from './verbs.generated.ts';

/**
 * The verb a registry method is called with, from the contract, without its schemas (#23): a
 * method whose name starts with `get` is a GET and any other a POST, except the few the table
 * generated from the contract's registry lists (`verbs.generated.ts`, written by
 * `tools/generate-verbs.ts`; `verbs.test.ts` fails when it is stale). A table of every method
 * would cost the first page about a kilobyte of JS; the exceptions cost a few bytes. It lives in
 * shell-sdk (not in the contract) so it travels in the shell's first-page chunk of shell-sdk.
 */
export function verbOf(module: string, method: string): 'GET' | 'POST' {
  return VERB_EXCEPTIONS[`${module}/${method}`] ?? (/^get/i.test(method) ? 'GET' : 'POST');
}
