import type { LocalCartEntry } from '#machines/types.ts';
import { readJson, STORAGE_KEYS, writeJson } from '#src/lib/storage.ts';
import { bumpCart } from '#src/lib/ui-stores.ts';

/** Spec §9: at most 10 units of one product in a guest's local cart. */
export const LOCAL_CART_MAX_PER_PRODUCT = 10;

/** The guest's local cart (brands with `carrinhoLocal`): kept in localStorage, survives a reload. */
export function readLocalCart(): LocalCartEntry[] {
  const entries = readJson<LocalCartEntry[]>(STORAGE_KEYS.localCart);
  return Array.isArray(entries) ? entries : [];
}

/** Units in the local cart (the header's count for a guest). */
export function localCartUnits(entries = readLocalCart()): number {
  return entries.reduce((n, e) => n + e.produtos.reduce((m, p) => m + p.qtd, 0), 0);
}

/**
 * Keeps a guest's selection. Each product takes at most what is left of its
 * {@link LOCAL_CART_MAX_PER_PRODUCT}; `limited` is true when some units did not fit (then the
 * entry keeps the units that did, and none when nothing fit).
 */
export function keepLocally(entry: LocalCartEntry): { kept: number; limited: boolean } {
  const entries = readLocalCart();
  const inCart = new Map<number, number>();
  for (const e of entries) {
    for (const p of e.produtos) inCart.set(p.idproduto, (inCart.get(p.idproduto) ?? 0) + p.qtd);
  }
  let limited = false;
  const produtos = entry.produtos
    .map((p) => {
      const room = Math.max(0, LOCAL_CART_MAX_PER_PRODUCT - (inCart.get(p.idproduto) ?? 0));
      if (p.qtd > room) limited = true;
      return { ...p, qtd: Math.min(p.qtd, room) };
    })
    .filter((p) => p.qtd > 0);
  if (produtos.length > 0) {
    writeJson(STORAGE_KEYS.localCart, [...entries, { ...entry, produtos }]);
    bumpCart();
  }
  return { kept: produtos.reduce((n, p) => n + p.qtd, 0), limited };
}

/**
 * Sets the units of product `idproduto` in the local cart's entry `index` (the guest's checkout:
 * change and remove), within {@link LOCAL_CART_MAX_PER_PRODUCT} for the product over the whole
 * cart; 0 removes the product, and an entry left without products goes.
 */
export function setLocalQuantity(index: number, idproduto: number, qtd: number): void {
  const entries = readLocalCart();
  const entry = entries[index];
  if (!entry) return;
  const elsewhere = entries
    .flatMap((e, i) => (i === index ? [] : e.produtos))
    .filter((p) => p.idproduto === idproduto)
    .reduce((n, p) => n + p.qtd, 0);
  const units = Math.max(0, Math.min(qtd, LOCAL_CART_MAX_PER_PRODUCT - elsewhere));
  const produtos = entry.produtos
    .map((p) => (p.idproduto === idproduto ? { ...p, qtd: units } : p))
    .filter((p) => p.qtd > 0);
  const next =
    produtos.length > 0
      ? entries.map((e, i) => (i === index ? { ...e, produtos } : e))
      : entries.filter((_, i) => i !== index);
  writeJson(STORAGE_KEYS.localCart, next);
  bumpCart();
}
