// Lingui for the betting app: the shared configuration (tools/lingui-config.js).
import { linguiConfig } from '../../tools/lingui-config.js';

export default linguiConfig();
