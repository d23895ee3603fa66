// Lingui for the betting app: the shared configuration (tools/lingui-config.js).
import { linguiConfig } from '../../tools/lingui-config.js';

// The sportsbook's words (bets, markets, outcomes) come from packages/bet-labels.
export default linguiConfig({ include: ['../../packages/bet-labels/src'] });
