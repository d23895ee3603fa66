/**
 * The little of jsdom the platform uses: the svg check of content/upload-sniff.ts hands its window
 * to DOMPurify, and tests parse XML with it. `@types/jsdom` is not used: it loads the whole DOM
 * library into the server's types, which changes Node's own (`Blob`, `BodyInit`) for every file
 * of the platform.
 */
declare module 'jsdom' {
  import type { WindowLike } from 'dompurify';

  /** The parts of a parsed XML document the tests read. */
  export interface XmlElement {
    readonly localName: string;
    readonly namespaceURI: string | null;
    readonly textContent: string | null;
    readonly children: ArrayLike<XmlElement>;
    getAttribute(name: string): string | null;
    getElementsByTagNameNS(namespace: string, name: string): ArrayLike<XmlElement>;
  }

  export class JSDOM {
    /** `contentType: 'application/xml'` parses XML, and throws when it is not well-formed. */
    constructor(html?: string, options?: { contentType?: string });
    readonly window: WindowLike & { document: { documentElement: XmlElement } };
  }
}
