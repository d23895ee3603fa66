export type HttpVerb = 'GET' | 'POST';

/** The verb a method's name gives: `get…` is a GET, anything else a POST. */
export function verbByName(method: string): HttpVerb {
  return method.startsWith('get') ? 'GET' : 'POST';
}

/**
 * The exceptions to the naming rule among `methods`, from which shell-sdk's generated verb map
 * (`packages/shell-sdk/src/verbs.generated.ts`, by `tools/generate-verbs.ts`) takes those the
 * apps make refs to, so a ref takes its verb from the contract without the registry's schemas in
 * the browser (#23).
 */
export function verbExceptions(
  methods: readonly { module: string; method: string; http: HttpVerb }[],
): Record<string, HttpVerb> {
  const out: Record<string, HttpVerb> = {};
  for (const m of methods) {
    if (verbByName(m.method) !== m.http) out[`${m.module}/${m.method}`] = m.http;
  }
  return out;
}
