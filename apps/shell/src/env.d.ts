declare const __APP_VERSION__: string;

/** Plain CSS imported for its side effect (the web fonts); rspack emits it as a .css file. */
declare module '*.css';

/** An image file: rspack emits it next to the JS and the import is its URL. */
declare module '*.svg' {
  const url: string;
  export default url;
}
declare const __BUILD_ID__: string;
