/**
 * General info of §3. Defaults documented here; Platform 2 moves them to the content backend.
 * `time_to_force_logout` is the idle sign-out in seconds (0 = none), read from
 * `TIME_TO_FORCE_LOGOUT` so an operator can turn it on.
 */
export function generalSettings() {
  const timeToForceLogout = Number(process.env.TIME_TO_FORCE_LOGOUT ?? 0);
  return {
    analytic: {},
    default_currency: 'EUR',
    is_seon_enabled: false,
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
