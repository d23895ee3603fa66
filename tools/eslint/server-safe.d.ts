import type { Rule } from 'eslint';

declare const plugin: { rules: Record<'no-browser-globals', Rule.RuleModule> };
export default plugin;
