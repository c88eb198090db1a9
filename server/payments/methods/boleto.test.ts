import { describe, expect, it } from 'vitest';
import {
  assertBarcode,
  BoletoError,
  barcodeFromLinha,
  boletoBarcode,
  dueDateFactor,
  dueDateFromFactor,
  formatLinha,
  itfBars,
  itfSvg,
  linhaDigitavel,
  mod10,
  mod11Boleto,
} from './boleto';

/** The error a call throws, to assert on its typed fields. */
function thrown(fn: () => unknown): BoletoError {
  try {
    fn();
  } catch (e) {
    if (e instanceof BoletoError) return e;
    throw e;
  }
  throw new Error('expected a BoletoError');
}

// Banco do Brasil (001), R$ 1.234,56, due 2025-03-01, a free field in BB's 7-digit-agreement
// shape (000000 + agreement 1234567 + number 0000000001 + wallet 17). Every digit below was
// worked out by hand (and by a separate script), not by the module under test.
const FREE = '0000001234567000000000117';
// Factor: 2025-02-22 restarted at 1000, so 2025-03-01 is 1007.
// The 43 digits without the DV: 0019 1007 0000123456 + FREE. Weights 2…9 from the right give
// a sum of 421; 421 mod 11 = 3; 11 − 3 = 8.
const BARCODE = '00198100700001234560000001234567000000000117';
// Field 1: 0019 + 00000 → 0·2+0·1+0·2+0·2… sum 11 → DV 9.
// Field 2: 0123456700 → 0+0+(7·2=14→5)+6+(5·2=10→1)+4+6+2+2+0 = 26 → DV 4.
// Field 3: 0000000117 → (7·2=14→5)+1+(1·2)+0… = 8 → DV 2.
const LINHA = '00190000090123456700400000001172810070000123456';
const LINHA_FORMATTED = '00190.00009 01234.567004 00000.001172 8 10070000123456';

// Itaú (341), R$ 250,00, due 2026-07-15 (factor 1000 + 508 days = 1508), free field
// 1234567890123456789012345 so that every position of it is told apart. Sum 742, 742 mod 11
// = 5, DV 11 − 5 = 6. Fields: 341912345 (sum 36 → 4), 6789012345 (43 → 7), 6789012345 (43 → 7).
const ITAU = {
  barcode: '34196150800000250001234567890123456789012345',
  formatted: '34191.23454 67890.123457 67890.123457 6 15080000025000',
};

/** Independent reference checks, written from the layout's wording rather than the module. */
function refMod10(digits: string): number {
  const products = [...digits].reverse().map((c, i) => Number(c) * (i % 2 === 0 ? 2 : 1));
  const sum = products.reduce((s, p) => s + Math.floor(p / 10) + (p % 10), 0);
  return sum % 10 === 0 ? 0 : 10 - (sum % 10);
}
function refMod11(digits: string): number {
  const weights = [2, 3, 4, 5, 6, 7, 8, 9];
  const sum = [...digits].reverse().reduce((s, c, i) => s + Number(c) * (weights[i % 8] ?? 0), 0);
  const dv = 11 - (sum % 11);
  return [0, 10, 11].includes(dv) ? 1 : dv;
}

describe('check digit arithmetic', () => {
  it('modulo 10: weights 2,1 from the right, digits of products summed', () => {
    expect(mod10('001900000')).toBe(9);
    expect(mod10('0123456700')).toBe(4);
    expect(mod10('0000000117')).toBe(2);
    expect(mod10('0000000000')).toBe(0);
    // 9·2 = 18 → 1 + 8 = 9; (10 − 9) mod 10 = 1.
    expect(mod10('9')).toBe(1);
    // A sum that is a multiple of 10 gives 0, not 10: 5·2 = 10 → 1, + 9 = 10.
    expect(mod10('95')).toBe(0);
    for (const s of ['1', '12', '9999999999', '3990000001', '8765432109']) {
      expect(mod10(s)).toBe(refMod10(s));
    }
  });

  it('modulo 11: weights 2…9 cycling from the right, 0, 10 and 11 become 1', () => {
    expect(mod11Boleto(BARCODE.slice(0, 4) + BARCODE.slice(5))).toBe(8);
    // Sum 0 → 11 − 0 = 11 → 1.
    expect(mod11Boleto('0000')).toBe(1);
    // 5·2 = 10, 10 mod 11 = 10, 11 − 10 = 1.
    expect(mod11Boleto('5')).toBe(1);
    // 1·2 = 2, 11 − 2 = 9.
    expect(mod11Boleto('1')).toBe(9);
    // 4·2 + 1·3 = 11 → remainder 0 → 11 − 0 = 11 → 1.
    expect(mod11Boleto('14')).toBe(1);
    // The ninth digit from the right is weighted 2 again: 1 followed by eight zeros → 2 → 9.
    expect(mod11Boleto('100000000')).toBe(9);
    expect(mod11Boleto('10000000')).toBe(11 - 9);
    for (const s of ['123456789012345678901234567890123456789012', '9'.repeat(43)]) {
      expect(mod11Boleto(s)).toBe(refMod11(s));
    }
  });
});

describe('dueDateFactor', () => {
  it('counts days from 1997-10-07 and restarts at 1000 on 2025-02-22', () => {
    expect(dueDateFactor('1997-10-07')).toBe(0);
    expect(dueDateFactor('1999-02-19')).toBe(500);
    expect(dueDateFactor('2000-07-03')).toBe(1000);
    expect(dueDateFactor('2000-07-04')).toBe(1001);
    expect(dueDateFactor('2025-02-21')).toBe(9999);
    expect(dueDateFactor('2025-02-22')).toBe(1000);
    expect(dueDateFactor('2025-03-01')).toBe(1007);
    expect(dueDateFactor('2049-10-13')).toBe(9999);
    expect(dueDateFactor('2049-10-14')).toBe(1000);
  });

  it('reads a Date by its UTC calendar day', () => {
    expect(dueDateFactor(new Date('2025-02-22'))).toBe(1000);
    expect(dueDateFactor(new Date('2025-02-21T23:59:59Z'))).toBe(9999);
  });

  it('rejects dates it cannot place', () => {
    expect(thrown(() => dueDateFactor('1997-10-06'))).toMatchObject({
      code: 'range',
      part: 'vencimento',
    });
    expect(thrown(() => dueDateFactor('2025-02-30')).code).toBe('format');
    expect(thrown(() => dueDateFactor('01/03/2025')).code).toBe('format');
    expect(thrown(() => dueDateFactor(new Date(Number.NaN))).code).toBe('format');
  });
});

describe('dueDateFromFactor', () => {
  it('picks the date of the factor nearest the reference', () => {
    expect(dueDateFromFactor(1000, '2025-03-01')).toBe('2025-02-22');
    expect(dueDateFromFactor(1000, '2001-01-01')).toBe('2000-07-03');
    expect(dueDateFromFactor(9999, '2025-03-01')).toBe('2025-02-21');
    expect(dueDateFromFactor(1007, '2025-02-10')).toBe('2025-03-01');
    expect(dueDateFromFactor(9999, '2049-10-20')).toBe('2049-10-13');
    expect(dueDateFromFactor(1000, '2049-10-10')).toBe('2049-10-14');
    expect(dueDateFromFactor(1000, new Date('2025-03-01T12:00:00Z'))).toBe('2025-02-22');
  });

  it('breaks the tie half a cycle away towards the later date', () => {
    // 2000-07-03 and 2025-02-22 are both 4500 days from 2012-10-28.
    expect(dueDateFromFactor(1000, '2012-10-27')).toBe('2000-07-03');
    expect(dueDateFromFactor(1000, '2012-10-28')).toBe('2025-02-22');
    expect(dueDateFromFactor(1000, '2012-10-29')).toBe('2025-02-22');
  });

  it('answers null for factor 0 and the original date below 1000', () => {
    expect(dueDateFromFactor(0, '2025-03-01')).toBeNull();
    expect(dueDateFromFactor(500, '2025-03-01')).toBe('1999-02-19');
  });

  it('round-trips with dueDateFactor around the restart', () => {
    for (const ref of ['2024-12-01', '2025-02-22', '2030-06-15']) {
      for (let f = 1000; f <= 9999; f += 499) {
        const date = dueDateFromFactor(f, ref);
        expect(date).not.toBeNull();
        expect(dueDateFactor(date as string)).toBe(f);
      }
    }
  });

  it('rejects factors outside 0…9999', () => {
    expect(thrown(() => dueDateFromFactor(10000, '2025-03-01')).code).toBe('range');
    expect(thrown(() => dueDateFromFactor(-1, '2025-03-01')).code).toBe('range');
    expect(thrown(() => dueDateFromFactor(1000.5, '2025-03-01')).code).toBe('range');
  });
});

describe('boletoBarcode', () => {
  it('lays out bank, currency, DV, factor, amount and free field', () => {
    const barcode = boletoBarcode({
      banco: '001',
      valorCents: 123456,
      vencimento: '2025-03-01',
      campoLivre: FREE,
    });
    expect(barcode).toBe(BARCODE);
    expect(barcode).toHaveLength(44);
    expect(barcode.slice(0, 3)).toBe('001');
    expect(barcode[3]).toBe('9');
    expect(barcode[4]).toBe('8');
    expect(barcode.slice(5, 9)).toBe('1007');
    expect(barcode.slice(9, 19)).toBe('0000123456');
    expect(barcode.slice(19)).toBe(FREE);
    expect(Number(barcode[4])).toBe(refMod11(barcode.slice(0, 4) + barcode.slice(5)));
    expect(
      boletoBarcode({
        banco: '341',
        valorCents: 25000,
        vencimento: '2026-07-15',
        campoLivre: '1234567890123456789012345',
      }),
    ).toBe(ITAU.barcode);
  });

  it('writes factor 0000 without a due date and zeros for an open amount', () => {
    const barcode = boletoBarcode({
      banco: '237',
      valorCents: 0,
      vencimento: null,
      campoLivre: FREE,
    });
    expect(barcode.slice(5, 19)).toBe('0'.repeat(14));
    expect(Number(barcode[4])).toBe(refMod11(barcode.slice(0, 4) + barcode.slice(5)));
  });

  it('never writes 0 as the general DV', () => {
    for (let cents = 0; cents < 200; cents++) {
      const barcode = boletoBarcode({
        banco: '341',
        valorCents: cents,
        vencimento: null,
        campoLivre: FREE,
      });
      expect(barcode[4]).not.toBe('0');
      expect(Number(barcode[4])).toBe(refMod11(barcode.slice(0, 4) + barcode.slice(5)));
    }
  });

  it('rejects what the layout cannot carry', () => {
    const base = { banco: '001', valorCents: 100, vencimento: '2025-03-01', campoLivre: FREE };
    expect(thrown(() => boletoBarcode({ ...base, banco: '01' })).part).toBe('banco');
    expect(thrown(() => boletoBarcode({ ...base, banco: 'abc' })).part).toBe('banco');
    expect(thrown(() => boletoBarcode({ ...base, campoLivre: FREE.slice(1) })).part).toBe(
      'campoLivre',
    );
    expect(thrown(() => boletoBarcode({ ...base, valorCents: -1 })).part).toBe('valor');
    expect(thrown(() => boletoBarcode({ ...base, valorCents: 1.5 })).part).toBe('valor');
    expect(thrown(() => boletoBarcode({ ...base, valorCents: 10_000_000_000 })).part).toBe('valor');
    expect(boletoBarcode({ ...base, valorCents: 9_999_999_999 }).slice(9, 19)).toBe('9999999999');
    expect(thrown(() => boletoBarcode({ ...base, vencimento: '2000-07-02' }))).toMatchObject({
      code: 'range',
      part: 'vencimento',
    });
  });
});

describe('linha digitável', () => {
  it('builds the three fields with their DVs, the general DV and factor + amount', () => {
    const linha = linhaDigitavel(BARCODE);
    expect(linha).toBe(LINHA);
    expect(linha).toHaveLength(47);
    expect(linha.slice(0, 9)).toBe(BARCODE.slice(0, 4) + BARCODE.slice(19, 24));
    expect(Number(linha[9])).toBe(refMod10(linha.slice(0, 9)));
    expect(linha.slice(10, 20)).toBe(BARCODE.slice(24, 34));
    expect(Number(linha[20])).toBe(refMod10(linha.slice(10, 20)));
    expect(linha.slice(21, 31)).toBe(BARCODE.slice(34, 44));
    expect(Number(linha[31])).toBe(refMod10(linha.slice(21, 31)));
    expect(linha[32]).toBe(BARCODE[4]);
    expect(linha.slice(33)).toBe(BARCODE.slice(5, 19));
  });

  it('places every digit of the free field (second vector)', () => {
    expect(formatLinha(linhaDigitavel(ITAU.barcode))).toBe(ITAU.formatted);
    expect(barcodeFromLinha(ITAU.formatted)).toBe(ITAU.barcode);
  });

  it('formats as AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE', () => {
    expect(formatLinha(LINHA)).toBe(LINHA_FORMATTED);
    expect(formatLinha(LINHA_FORMATTED)).toBe(LINHA_FORMATTED);
    expect(thrown(() => formatLinha(LINHA.slice(1))).part).toBe('linha');
  });

  it('reads the barcode back, with or without dots and spaces', () => {
    expect(barcodeFromLinha(LINHA)).toBe(BARCODE);
    expect(barcodeFromLinha(LINHA_FORMATTED)).toBe(BARCODE);
    expect(barcodeFromLinha(` ${LINHA_FORMATTED.replaceAll(' ', '  ')} `)).toBe(BARCODE);
  });

  it('round-trips barcode → linha → barcode', () => {
    for (let i = 0; i < 50; i++) {
      const barcode = boletoBarcode({
        banco: String(i * 7).padStart(3, '0'),
        valorCents: i * 104729,
        vencimento: i % 5 === 0 ? null : `2025-${String((i % 12) + 1).padStart(2, '0')}-1${i % 10}`,
        campoLivre: '0123456789'.repeat(4).slice(i % 10, (i % 10) + 25),
      });
      expect(barcodeFromLinha(formatLinha(linhaDigitavel(barcode)))).toBe(barcode);
    }
  });

  it('detects a wrong digit anywhere in the linha and names the field', () => {
    const partAt = (i: number): string =>
      i < 10 ? 'campo1' : i < 21 ? 'campo2' : i < 32 ? 'campo3' : 'dvGeral';
    let checked = 0;
    for (let i = 0; i < LINHA.length; i++) {
      for (const digit of '0123456789') {
        if (digit === LINHA[i]) continue;
        const typo = LINHA.slice(0, i) + digit + LINHA.slice(i + 1);
        expect(
          thrown(() => barcodeFromLinha(typo)),
          `position ${i + 1} → ${digit}`,
        ).toMatchObject({
          code: 'checkDigit',
          part: partAt(i),
        });
        checked++;
      }
    }
    expect(checked).toBe(47 * 9);
  });

  it('detects swapped neighbours', () => {
    for (let i = 0; i + 1 < LINHA.length; i++) {
      if (LINHA[i] === LINHA[i + 1]) continue;
      const swapped = LINHA.slice(0, i) + LINHA[i + 1] + LINHA[i] + LINHA.slice(i + 2);
      expect(() => barcodeFromLinha(swapped), `swap at ${i + 1}`).toThrow(BoletoError);
    }
  });

  it('cannot catch every typo in field 5, since remainders 0, 1 and 10 all give DV 1', () => {
    // A limit of the standard, kept here so nobody "fixes" it: R$ 1.234,60 has remainder 0
    // (DV 1); typed as R$ 1.232,60 the remainder is 1, also DV 1, and the linha still checks.
    const barcode = boletoBarcode({
      banco: '001',
      valorCents: 123460,
      vencimento: '2025-03-01',
      campoLivre: FREE,
    });
    expect(barcode[4]).toBe('1');
    const linha = linhaDigitavel(barcode);
    const typo = linha.replace(/0000123460$/, '0000123260');
    expect(barcodeFromLinha(typo).slice(9, 19)).toBe('0000123260');
  });

  it('rejects the wrong shape', () => {
    expect(thrown(() => barcodeFromLinha(LINHA.slice(1))).code).toBe('format');
    expect(thrown(() => barcodeFromLinha(`${LINHA}0`)).code).toBe('format');
    expect(thrown(() => barcodeFromLinha(LINHA.replace('9', 'x'))).code).toBe('format');
    expect(thrown(() => linhaDigitavel(BARCODE.slice(1))).part).toBe('barcode');
    const wrongDv = `${BARCODE.slice(0, 4)}7${BARCODE.slice(5)}`;
    expect(thrown(() => linhaDigitavel(wrongDv)).part).toBe('dvGeral');
    expect(() => assertBarcode(BARCODE)).not.toThrow();
  });
});

describe('Interleaved 2 of 5', () => {
  /** Decodes widths back to digits, written from the symbology's table, not the module's. */
  function decode(widths: number[]): string {
    const table: Record<string, string> = {
      '11331': '0',
      '31113': '1',
      '13113': '2',
      '33111': '3',
      '11313': '4',
      '31311': '5',
      '13311': '6',
      '11133': '7',
      '31131': '8',
      '13131': '9',
    };
    expect(widths.slice(0, 4)).toEqual([1, 1, 1, 1]);
    expect(widths.slice(-3)).toEqual([3, 1, 1]);
    const body = widths.slice(4, -3);
    let out = '';
    for (let i = 0; i < body.length; i += 10) {
      const chunk = body.slice(i, i + 10);
      out += table[chunk.filter((_, k) => k % 2 === 0).join('')] ?? '?';
      out += table[chunk.filter((_, k) => k % 2 === 1).join('')] ?? '?';
    }
    return out;
  }

  it('interleaves a pair: first digit in the bars, second in the spaces', () => {
    // 1 = wnnnw in bars, 2 = nwnnw in spaces.
    expect(itfBars('12')).toEqual([1, 1, 1, 1, 3, 1, 1, 3, 1, 1, 1, 1, 3, 3, 3, 1, 1]);
    expect(itfBars('00')).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 1, 1, 3, 1, 1]);
  });

  it('encodes every digit in both positions', () => {
    expect(decode(itfBars('0123456789'))).toBe('0123456789');
    expect(decode(itfBars('9876543210'))).toBe('9876543210');
  });

  it('encodes a 44-digit barcode in 405 modules, starting and ending with a bar', () => {
    const widths = itfBars(BARCODE);
    // Start 4 + 22 pairs of 2 × (2 wide + 3 narrow) + stop 5.
    expect(widths.reduce((a, b) => a + b, 0)).toBe(4 + 22 * 18 + 5);
    expect(widths).toHaveLength(4 + 44 * 5 + 3);
    expect(widths.length % 2).toBe(1);
    expect(decode(widths)).toBe(BARCODE);
  });

  it('refuses an odd length or anything but digits', () => {
    expect(thrown(() => itfBars('123')).code).toBe('format');
    expect(thrown(() => itfBars('')).code).toBe('format');
    expect(thrown(() => itfBars('12a4')).code).toBe('format');
  });

  it('draws the bars as an SVG with quiet zones', () => {
    const svg = itfSvg(BARCODE, { height: 50 });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="425" height="50"')).toBe(
      true,
    );
    expect(svg).toContain('viewBox="0 0 425 50"');
    // One rect for the background, then 2 start bars + 5 per pair + 2 stop bars.
    expect(svg.match(/<rect /g)).toHaveLength(1 + 2 + 22 * 5 + 2);
    expect(svg).toContain('<rect x="10" y="0" width="1" height="50"/>');
    expect(svg.endsWith('</svg>')).toBe(true);
    const wide = itfSvg('12', { height: 20, narrow: 2 });
    // 27 modules × 2 + quiet zones 2 × 10 × 2.
    expect(wide).toContain('width="94" height="20"');
    // Start: bar at 20 (quiet 10 × 2), space, bar at 24; then the wide bar of 1 at 28.
    expect(wide).toContain('<rect x="28" y="0" width="6" height="20"/>');
    expect(thrown(() => itfSvg('12', { height: 0 })).code).toBe('range');
  });
});
