import { domain, type DomainPlugin } from '../lib/domain.ts';
import { registerOpsRoutes } from './routes.ts';

/**
 * The operator's door (issue "Run it like a real service"): health and readiness for a load
 * balancer, Prometheus metrics, request ids and one log line per request. Other domains count
 * their business events through the counters exported here.
 */
export {
  databaseMetrics,
  payments as paymentsCounter,
  registrations as registrationsCounter,
  signIns as signInsCounter,
  walletAmount as walletAmountCounter,
  walletRequests as walletRequestsCounter,
  webhooksRefused as webhooksRefusedCounter,
} from './metrics.ts';
export { loggingOptions, REDACTED_PATHS } from './logging.ts';

export const opsDomain = (options: { production: boolean }): DomainPlugin =>
  domain('ops', (server, app) => registerOpsRoutes(server, app, options));
