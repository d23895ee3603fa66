/**
 * The back office (issue #30): one client-rendered app for staff at `/backoffice`, not a remote
 * of the player site (no Module Federation, no server rendering: it is a tool behind a sign-in,
 * never crawled, and its first screen is the sign-in form). It shares the workspace's SWC rule
 * and precompression, and our design system's tokens.
 */
import path from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { sourceRule } from '../../rspack.config.base.ts';
import { PrecompressPlugin } from '../../tools/lib/precompress-plugin.ts';

const workspaceRoot = path.join(import.meta.dirname, '../..');

export default (_env: unknown, argv: { mode?: string }): Configuration => {
  const isDev = argv.mode === 'development';
  const mode = isDev ? 'development' : 'production';
  return {
    name: 'backoffice',
    mode,
    context: import.meta.dirname,
    entry: { main: './src/index.tsx' },
    devtool: isDev ? 'cheap-module-source-map' : 'hidden-source-map',
    output: {
      path: path.join(import.meta.dirname, 'dist'),
      publicPath: '/backoffice/',
      filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: { rules: [sourceRule(workspaceRoot, { isDev, jsxDev: isDev })] },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(mode) }),
      new rspack.HtmlRspackPlugin({
        template: path.join(import.meta.dirname, 'index.html'),
        inject: 'body',
        scriptLoading: 'defer',
      }),
      ...(isDev ? [] : [new PrecompressPlugin()]),
    ],
    optimization: { minimize: !isDev },
    performance: { hints: false },
  };
};
