import type { AuthProvider } from '@refinedev/core';
import type { StaffRole } from '@northstar/contract';
import { api, ApiError } from './api.ts';

export interface StaffIdentity {
  id: number;
  login: string;
  roles: StaffRole[];
}

/**
 * Refine's auth provider over the back-office session. Signing in has its own page (the password,
 * then the authenticator app's code or its set-up), which calls `staff/signin` itself; Refine
 * asks here who is signed in (`staff/me`), signs out (`staff/signout`), and sends anyone whose
 * session ended (30 minutes idle) back to the sign-in page.
 */
export const authProvider: AuthProvider = {
  async login() {
    return { success: true, redirectTo: '/' };
  },
  async logout() {
    await api.call('staff', 'signout').catch(() => undefined);
    return { success: true, redirectTo: '/login' };
  },
  async check() {
    try {
      await api.call('staff', 'me');
      return { authenticated: true };
    } catch {
      return { authenticated: false, redirectTo: '/login', logout: true };
    }
  },
  async getIdentity(): Promise<StaffIdentity | null> {
    try {
      const me = await api.call('staff', 'me');
      return { id: me.id, login: me.login, roles: me.roles };
    } catch {
      return null;
    }
  },
  async getPermissions() {
    const me = await api.call('staff', 'me').catch(() => null);
    return me?.roles ?? [];
  },
  async onError(error) {
    if (error instanceof ApiError && error.type === 'Authorization') {
      return { logout: true, redirectTo: '/login', error };
    }
    return {};
  },
};
