import path from 'node:path';
import { S3MediaStore, s3SettingsFromEnv } from './s3.ts';
import { DiskMediaStore, type MediaStore } from './store.ts';

/** Media storage (staff uploads): one interface, a disk and an S3-compatible implementation. */
export {
  DiskMediaStore,
  MEDIA_MIME,
  mediaKey,
  parseMediaKey,
  type MediaExtension,
  type MediaStore,
  type StoredMedia,
} from './store.ts';
export { S3MediaStore, s3SettingsFromEnv, type S3Settings } from './s3.ts';

/**
 * S3 when `S3_BUCKET` (with `S3_ENDPOINT`, `S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`, optional
 * `S3_REGION`) is set, else the disk under `DATA_DIR/uploads`. Read from the environment like
 * TRUST_PROXY, so the platform config stays as it is.
 */
export function mediaStoreFor(dataDir: string, env: NodeJS.ProcessEnv = process.env): MediaStore {
  const s3 = s3SettingsFromEnv(env);
  return s3 ? new S3MediaStore(s3) : new DiskMediaStore(path.join(dataDir, 'uploads'));
}
