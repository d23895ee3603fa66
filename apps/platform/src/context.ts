import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StaffRole } from '@northstar/contract';
import type { Locale } from '@northstar/i18n/locales';
import type { DatabaseHandle } from './db/client.ts';
import type { PlatformConfig } from './config.ts';

/** What every request handler can reach: the database, the configuration, the server secret. */
export interface AppContext {
  database: DatabaseHandle;
  config: PlatformConfig;
  /** HMAC key for one-time codes and signed links; kept in DATA_DIR (or SECRET_KEY). */
  secret: Buffer;
  now(): Date;
}

export interface SessionState {
  id: string;
  playerId: number;
  /** When the player signed in (the reality check's session time, issue #25). */
  startedAt?: Date;
}

export interface RequestContext {
  app: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  locale: Locale;
  session: SessionState | null;
  /** The signed-in player's id; answers AuthorizationException when there is none. */
  playerId(): number;
  /**
   * Issue #30: on a staff method, the staff member of the back-office session (its own cookie,
   * never the player session), with the roles the method allowed; null on every other method.
   */
  staff: StaffActor | null;
  /** The method being served, `module/method` as the contract spells it (the audit's action). */
  method: string;
}

/** Who acts in the back office (identity's `StaffMember`, as the request carries it). */
export interface StaffActor {
  id: number;
  login: string;
  roles: readonly StaffRole[];
}
