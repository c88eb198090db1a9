/**
 * QR decoding of one camera frame with ZXing (@zxing/library), imported module by module: the
 * package's index pulls in every barcode format (~120 KiB gzip), the QR reader alone is a
 * fraction of it. Plain JavaScript: no worker, no WebAssembly, no eval, nothing fetched.
 */
import BinaryBitmap from '@zxing/library/esm/core/BinaryBitmap';
import HybridBinarizer from '@zxing/library/esm/core/common/HybridBinarizer';
import QRCodeReader from '@zxing/library/esm/core/qrcode/QRCodeReader';
import RGBLuminanceSource from '@zxing/library/esm/core/RGBLuminanceSource';

const reader = new QRCodeReader();

/** Luminance (one byte a pixel) of RGBA pixels, green-weighted as ZXing does. */
export function luminanceOf(rgba: Uint8ClampedArray, width: number, height: number) {
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += 4) {
    out[i] = (rgba[p]! + 2 * rgba[p + 1]! + rgba[p + 2]!) >> 2;
  }
  return out;
}

/** The text of the QR code in a grey image, or null when none is found. */
export function decodeQr(luminance: Uint8ClampedArray, width: number, height: number) {
  try {
    const source = new RGBLuminanceSource(luminance, width, height);
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
  } catch {
    // NotFound, checksum or format errors: no readable code in this frame.
    return null;
  } finally {
    reader.reset();
  }
}
