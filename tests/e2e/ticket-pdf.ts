import zxing from '@zxing/library';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

// A CommonJS package: Node's ESM loader gives its exports as the default export only.
const { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } = zxing;

/**
 * The image rebuilt from the PDF is a pure code (aligned modules, a quiet zone), which ZXing then
 * reads as such: its camera-frame detector misplaced the finder patterns of about 2 % of these
 * perfect images (41 of 2,000 random ticket codes), which failed the check-in tests now and then.
 */
const PURE = new Map([[DecodeHintType.PURE_BARCODE, true]]);

/**
 * What a gate's camera would read from a printed ticket: the QR code of each page of a tickets
 * PDF (server/tickets/pdf.ts draws it as filled rectangles, one per run of dark modules),
 * rebuilt as an image and decoded with ZXing, the decoder the check-in page uses.
 */
export async function ticketQrCodes(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const text = streams
      .map((ref) => page.doc.context.lookup(ref as never))
      .filter((s): s is PDFRawStream => s instanceof PDFRawStream)
      .map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1'))
      .join('\n');
    const qr = decodeRects(longestRectRun(text));
    if (!qr) throw new Error('no readable QR code on a page of the PDF');
    return qr;
  });
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The longest run of consecutive `x y w h re` operators: the QR code's modules. */
function longestRectRun(content: string): Rect[] {
  let best: Rect[] = [];
  let run: Rect[] = [];
  for (const line of content.split(/\r?\n/)) {
    const m = /^(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re$/.exec(line.trim());
    if (m) {
      run.push({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]) });
      continue;
    }
    if (run.length > best.length) best = run;
    run = [];
  }
  return run.length > best.length ? run : best;
}

function decodeRects(rects: Rect[]): string | null {
  if (rects.length < 50) return null;
  const m = Math.min(...rects.map((r) => r.h));
  const left = Math.min(...rects.map((r) => r.x));
  const right = Math.max(...rects.map((r) => r.x + r.w));
  const top = Math.max(...rects.map((r) => r.y + r.h));
  const n = Math.round((right - left) / m);
  // Four pixels a module and the four-module quiet zone the printed code has.
  const px = 4;
  const size = (n + 8) * px;
  const lum = new Uint8ClampedArray(size * size).fill(255);
  for (const r of rects) {
    const row = Math.round((top - (r.y + r.h)) / m);
    const col = Math.round((r.x - left) / m);
    const cols = Math.round(r.w / m);
    for (let y = (row + 4) * px; y < (row + 5) * px; y++) {
      lum.fill(0, y * size + (col + 4) * px, y * size + (col + cols + 4) * px);
    }
  }
  try {
    const source = new RGBLuminanceSource(lum, size, size);
    return new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(source)), PURE).getText();
  } catch {
    return null;
  }
}
