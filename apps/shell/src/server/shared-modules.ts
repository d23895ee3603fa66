/**
 * The server's share scope: the modules the shell's renderer hands remotes' server entries, one
 * for each name of `SERVER_SHARED_MODULES` (`@northstar/shell-sdk/ssr`, the list the browser
 * builds' singletons come from too), as the federation share scope gives them in the browser. A
 * remote's server build leaves exactly the singletons out of its file (`createServerConfig`
 * externals). The type makes a name missing here, or one the list does not have, a type error.
 */
import * as react from 'react';
import * as reactJsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as reactDomServer from 'react-dom/server';
import * as jotai from 'jotai';
import * as jotaiReact from 'jotai/react';
import * as jotaiUtils from 'jotai/utils';
import * as jotaiVanilla from 'jotai/vanilla';
import * as reactQuery from '@tanstack/react-query';
import * as styledComponents from 'styled-components';
import * as linguiCore from '@lingui/core';
import * as linguiReact from '@lingui/react';
import * as shellSdk from '@northstar/shell-sdk';
import type { ServerSharedModule } from '@northstar/shell-sdk/ssr';
import * as errors from '@northstar/errors';
import * as i18n from '@northstar/i18n';
import * as ui from '@northstar/ui';
import * as uiDialog from '@northstar/ui/dialog';
import * as uiForms from '@northstar/ui/forms';

export const SHARED_MODULES: Readonly<Record<ServerSharedModule, unknown>> = {
  react,
  'react/jsx-runtime': reactJsxRuntime,
  'react-dom': reactDom,
  'react-dom/server': reactDomServer,
  jotai,
  'jotai/react': jotaiReact,
  'jotai/utils': jotaiUtils,
  'jotai/vanilla': jotaiVanilla,
  '@tanstack/react-query': reactQuery,
  // TanStack Query's React binding re-exports its core whole (`export * from
  // '@tanstack/query-core'`): the same QueryClient, QueryCache… instances the shell uses, without
  // the shell depending on the core package itself.
  '@tanstack/query-core': reactQuery,
  'styled-components': styledComponents,
  '@lingui/core': linguiCore,
  '@lingui/react': linguiReact,
  '@northstar/shell-sdk': shellSdk,
  '@northstar/errors': errors,
  '@northstar/i18n': i18n,
  '@northstar/ui': ui,
  '@northstar/ui/dialog': uiDialog,
  '@northstar/ui/forms': uiForms,
};
