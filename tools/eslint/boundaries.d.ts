import type { Rule } from 'eslint';

declare const plugin: { rules: Record<'platform-domains' | 'no-app-imports', Rule.RuleModule> };
export default plugin;
