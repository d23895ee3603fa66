import type * as SettingsRules from './settings-rules.ts';

/**
 * The settings forms' rules (settings-rules.ts), loaded once, on the first focus or send of a
 * form, so the page's first screen does not download them.
 */
let loading: Promise<typeof SettingsRules> | null = null;

export function loadRules(): Promise<typeof SettingsRules> {
  return (loading ??= import('./settings-rules.ts'));
}
