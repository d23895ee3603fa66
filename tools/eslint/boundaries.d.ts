import type { Rule } from 'eslint';

declare const plugin: {
  rules: Record<'platform-domains' | 'no-app-imports' | 'remote-features', Rule.RuleModule>;
};
export default plugin;
/** The features of a `features/` directory and which others each imports (tests left out). */
export function featureGraph(featuresDir: string): Map<string, Set<string>>;
/** A path of imports from `from` to `to` (both included), or null. */
export function importPath(
  graph: Map<string, Set<string>>,
  from: string,
  to: string,
): string[] | null;
