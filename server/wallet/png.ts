/**
 * A tiny PNG encoder (8-bit RGB, no interlace, zlib from node): enough to draw a wallet pass's
 * icon from a brand's colours when the brand has no PNG of its own, without image libraries or
 * files fetched from anywhere.
 */
import { deflateSync } from 'node:zlib';

/** An RGB colour, each channel 0–255. */
export type Rgb = readonly [number, number, number];

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** `#RRGGBB` as RGB, or `fallback` when it is not one. */
export function parseHex(hex: string, fallback: Rgb): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return fallback;
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A PNG of `width` × `height` pixels whose colour at (x, y) is `paint(x, y)`. */
export function encodePng(width: number, height: number, paint: (x: number, y: number) => Rgb) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let at = 0;
  for (let y = 0; y < height; y++) {
    raw[at++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[at++] = r;
      raw[at++] = g;
      raw[at++] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  // compression, filter and interlace methods: 0
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A square icon of `size` pixels: the `background` colour with a band of `accent` across its
 * middle, cut at both ends like a ticket's notches.
 */
export function ticketIconPng(size: number, background: Rgb, accent: Rgb): Buffer {
  const top = Math.round(size * 0.38);
  const bottom = Math.round(size * 0.62);
  const notch = Math.max(1, Math.round(size * 0.12));
  return encodePng(size, size, (x, y) =>
    y >= top && y < bottom && x >= notch && x < size - notch ? accent : background,
  );
}
