/**
 * The little of jsdom the platform uses (the svg check of content/upload-sniff.ts hands its window
 * to DOMPurify). `@types/jsdom` is not used: it loads the whole DOM library into the server's
 * types, which changes Node's own (`Blob`, `BodyInit`) for every file of the platform.
 */
declare module 'jsdom' {
  import type { WindowLike } from 'dompurify';

  export class JSDOM {
    constructor(html?: string);
    readonly window: WindowLike;
  }
}
