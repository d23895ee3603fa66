/**
 * The modules the shell's renderer shares with remotes' server entries: the singletons of
 * rspack.config.base.ts (`SINGLETONS`), as the federation share scope gives them in the browser.
 * A remote's server build leaves exactly these out of its file (`createServerConfig` externals).
 */
import * as react from 'react';
import * as reactJsxRuntime from 'react/jsx-runtime';
import * as reactDom from 'react-dom';
import * as jotai from 'jotai';
import * as reactQuery from '@tanstack/react-query';
import * as styledComponents from 'styled-components';
import * as linguiCore from '@lingui/core';
import * as linguiReact from '@lingui/react';
import * as shellSdk from '@northstar/shell-sdk';
import * as i18n from '@northstar/i18n';
import * as ui from '@northstar/ui';
import * as uiDialog from '@northstar/ui/dialog';
import * as uiForms from '@northstar/ui/forms';

export const SHARED_MODULES: Readonly<Record<string, unknown>> = {
  react,
  'react/jsx-runtime': reactJsxRuntime,
  'react-dom': reactDom,
  jotai,
  '@tanstack/react-query': reactQuery,
  'styled-components': styledComponents,
  '@lingui/core': linguiCore,
  '@lingui/react': linguiReact,
  '@northstar/shell-sdk': shellSdk,
  '@northstar/i18n': i18n,
  '@northstar/ui': ui,
  '@northstar/ui/dialog': uiDialog,
  '@northstar/ui/forms': uiForms,
};
