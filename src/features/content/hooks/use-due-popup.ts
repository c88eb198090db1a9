import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { readJson, STORAGE_KEYS, writeJson } from '#src/lib/storage.ts';
import { useConteudos } from './use-content';

/** Spec §9: a pop-up shows 1 s after the page it belongs to opens. */
export const POPUP_DELAY_MS = 1000;

const normalize = (p: string) => p.toLowerCase().replace(/\/+$/, '') || '/';

function seen(): string[] {
  const list = readJson<unknown>(STORAGE_KEYS.popupsSeen);
  return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
}

/** Remembers that the pop-up was shown: it does not show again (spec §2). */
export function markPopupSeen(id: string): void {
  const list = seen();
  if (!list.includes(id)) writeJson(STORAGE_KEYS.popupsSeen, [...list, id]);
}

/**
 * The content pop-up due on this page (spec §2): one whose link is the current path and that
 * was never shown in this browser, 1 s after the page opened; null otherwise.
 */
export function useDuePopup(): string | null {
  const { pathname } = useLocation();
  const list = useConteudos();
  const [due, setDue] = useState<string | null>(null);
  const here = normalize(pathname);
  const candidate =
    list.data?.find(
      (c) => c.tipo === 'popup' && c.link && normalize(c.link) === here && !seen().includes(c.id),
    )?.id ?? null;
  useEffect(() => {
    setDue(null);
    if (!candidate) return;
    const timer = setTimeout(() => setDue(candidate), POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [candidate]);
  return due;
}
