import { domain } from '../lib/domain.ts';
import { registerContent } from './routes.ts';

/** The content backend (`/cms`, `/nfx`): Strapi-style REST, cms-config, i18n messages. */
export const contentDomain = domain('content', registerContent);

export { cmsConfig } from './cms-config.ts';
export { parseContentQuery } from './query.ts';
export { redirectRules, type RedirectRules } from './redirects.ts';
export { seedContent, seedContentEntries } from './seed.ts';
export { ensureLocale } from './locales.ts';
export { entriesOf, findEntries, siteLocales, type ContentEntry } from './store.ts';
export { CONTENT_TYPES, type RelationTree } from './types.ts';
export { isContentBackendUrl, strapiErrorBody, type StrapiErrorBody } from './strapi-error.ts';
// Issue #25: the upload checks (bounded multipart reader, by-bytes sniff) the KYC sandbox reuses.
export { isUploadForm, MAX_FILE_BYTES, readUploadForm, type UploadForm } from './upload-form.ts';
export { sniffMedia, type SniffResult } from './upload-sniff.ts';
