import { crc32, deflateSync } from 'node:zlib';

/** Small real images for the upload tests, made here rather than kept as binary files. */

/** A truecolour png of the given size, its pixels all `shade` (so each shade is other bytes). */
export function pngImage(width: number, height: number, shade = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = width * 3 + 1;
  const pixels = Buffer.alloc(row * height, shade & 0xff);
  for (let y = 0; y < height; y++) pixels[y * row] = 0; // filter type none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1x1 gif. */
export const GIF_1X1 = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/** A 1x1 baseline jpeg. */
export const JPEG_1X1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////' +
    '////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A 1x1 lossy webp. */
export const WEBP_1X1 = Buffer.from(
  'UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=',
  'base64',
);

/** A 16x16 favicon: an ico directory holding one png. */
export function icoImage(): Buffer {
  const image = pngImage(16, 16, 7);
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(1, 4); // one image
  header[6] = 16;
  header[7] = 16;
  header.writeUInt16LE(1, 10); // planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

export const SVG_ICON = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- star -->\n' +
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="20" viewBox="0 0 24 20">' +
    '<style>path{fill:#f5c542}</style><path d="M12 0l3 7h7l-6 5 2 8-6-4-6 4 2-8-6-5h7z"/></svg>\n',
);
