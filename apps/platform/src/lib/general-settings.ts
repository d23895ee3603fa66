/**
 * General info of §3. Defaults documented here; Platform 2 moves them to the content backend.
 * `time_to_force_logout` is the idle sign-out in seconds (0 = none), read from
 * `TIME_TO_FORCE_LOGOUT` so an operator can turn it on.
 */
export function generalSettings() {
  const timeToForceLogout = Number(process.env.TIME_TO_FORCE_LOGOUT ?? 0);
  return {
    analytic: analyticSinks(),
    default_currency: 'EUR',
    // §3/§7: the security hit 3 s after start (fraud prevention's device session), off unless the
    // operator turns it on.
    is_seon_enabled: process.env.SEON_ENABLED === '1',
    domain_state: 'active',
    domain_type: 'main',
    is_bonus_isolation_enabled: false,
    time_to_force_logout:
      Number.isFinite(timeToForceLogout) && timeToForceLogout > 0
        ? Math.floor(timeToForceLogout)
        : 0,
    is_game_history_export_enabled: true,
    user_inactivity_cashier_time: 0,
    user_inactivity_pp_time: 0,
  };
}

/**
 * `analytic` (issue #28): the analytics sinks the page hands events to, once the visitor accepted
 * analytics cookies (apps/shell/src/analytics). By default both of ours: `collector`, the site's
 * own (`events/handle`, kept in PostgreSQL), and `data_layer`, `window.dataLayer` for a tag
 * manager the operator loads through the content backend's custom code. `ANALYTIC` (JSON) replaces
 * them, e.g. `{"collector":{"enabled":false},"data_layer":{"enabled":true,"name":"dataLayer"}}`;
 * a value that is not a JSON object is ignored.
 */
const DEFAULT_SINKS = {
  collector: { enabled: true },
  data_layer: { enabled: true, name: 'dataLayer' },
};

function analyticSinks(): Record<string, unknown> {
  const raw = process.env.ANALYTIC;
  if (!raw) return DEFAULT_SINKS;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  } catch {
    // not JSON: the defaults
  }
  return DEFAULT_SINKS;
}
