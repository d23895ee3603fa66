export {
  freePort,
  startPlatform,
  WORKSPACE_ROOT,
  type RunningPlatform,
} from '../../tools/lib/platform-process.ts';
