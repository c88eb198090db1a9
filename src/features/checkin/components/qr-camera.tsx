import { Box, chakra } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { decodeQr, luminanceOf } from '../qr-decode';

/** Frames are read this often; a frame is scaled to at most this width before decoding. */
const FRAME_MS = 200;
const MAX_WIDTH = 720;

/** The browser's own QR reader (Chrome on Android), where there is one. */
interface NativeDetector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = new (o: { formats: string[] }) => NativeDetector;

async function nativeDetector(): Promise<NativeDetector | null> {
  const Detector = (
    globalThis as {
      BarcodeDetector?: DetectorClass & {
        getSupportedFormats?: () => Promise<string[]>;
      };
    }
  ).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? [];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/**
 * The phone's back camera, reading QR codes: the browser's BarcodeDetector where it has one,
 * else ZXing on a frame drawn to a canvas (qr-decode.ts). This module is loaded only when the
 * staff turn the camera on.
 */
export function QrCamera({
  onCode,
  onError,
}: {
  onCode: (text: string) => void;
  onError: (error: unknown) => void;
}) {
  const intl = useIntl();
  const video = useRef<HTMLVideoElement>(null);
  // The latest callbacks, without restarting the camera when the parent re-renders.
  const handlers = useRef({ onCode, onError });
  handlers.current = { onCode, onError };

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });

    const readFrame = async (detector: NativeDetector | null): Promise<string | null> => {
      if (el.readyState < 2 || !el.videoWidth) return null;
      if (detector) {
        const found = await detector.detect(el);
        return found[0]?.rawValue ?? null;
      }
      if (!ctx) return null;
      const scale = Math.min(1, MAX_WIDTH / el.videoWidth);
      const w = Math.round(el.videoWidth * scale);
      const h = Math.round(el.videoHeight * scale);
      canvas.width = w;
      canvas.height = h;
      ctx.drawImage(el, 0, 0, w, h);
      return decodeQr(luminanceOf(ctx.getImageData(0, 0, w, h).data, w, h), w, h);
    };

    (async () => {
      const detector = await nativeDetector();
      const s = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: { facingMode: { ideal: 'environment' } },
      });
      if (stopped) {
        for (const t of s.getTracks()) t.stop();
        return;
      }
      stream = s;
      el.srcObject = s;
      await el.play();
      const tick = async () => {
        if (stopped) return;
        try {
          const text = await readFrame(detector);
          if (text && !stopped) handlers.current.onCode(text);
        } catch {
          // A frame that cannot be read: the next one may.
        }
        if (!stopped) timer = setTimeout(tick, FRAME_MS);
      };
      void tick();
    })().catch((e: unknown) => {
      if (!stopped) handlers.current.onError(e);
    });

    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const t of stream?.getTracks() ?? []) t.stop();
      el.srcObject = null;
    };
  }, []);

  return (
    <Box borderRadius="lg" overflow="hidden" bg="black" aspectRatio="1" maxW="sm" w="full">
      <chakra.video
        ref={video}
        muted
        playsInline
        w="full"
        h="full"
        objectFit="cover"
        aria-label={intl.formatMessage({ id: 'checkin.camera.view' })}
        data-testid="checkin-camera"
      />
    </Box>
  );
}
