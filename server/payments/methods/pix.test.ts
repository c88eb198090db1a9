import { describe, expect, it } from 'vitest';
import {
  crc16ccitt,
  formatPixAmount,
  isValidPixKey,
  PixError,
  parsePix,
  pixPayload,
  sanitizePixText,
} from './pix';

/** The static example of the BCB's Manual de Padrões para Iniciação do Pix (random key). */
const MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

/** A dynamic payload in the manual's shape (location in 26.25, 01 = 12, 62.05 = ***). */
const DYNAMIC_EXAMPLE =
  '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a9952040000530398658' +
  '02BR5907EMPRESA6009SAO PAULO62070503***6304EEAB';

/** The error a call throws, to assert on its typed fields. */
function thrown(fn: () => unknown): PixError {
  try {
    fn();
  } catch (e) {
    if (e instanceof PixError) return e;
    throw e;
  }
  throw new Error('expected a PixError');
}

describe('crc16ccitt', () => {
  it('gives the CRC-16/CCITT-FALSE check value 0x29B1 for "123456789"', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });

  it('gives the init value for empty input and pads to four upper-case hex digits', () => {
    expect(crc16ccitt('')).toBe('FFFF');
    expect(crc16ccitt('A')).toBe('B915');
    expect(crc16ccitt('A')).toMatch(/^[0-9A-F]{4}$/);
  });

  it('reproduces the CRC of the manual example over everything up to and including 6304', () => {
    expect(crc16ccitt(MANUAL_STATIC.slice(0, -4))).toBe('1D3D');
    expect(crc16ccitt(DYNAMIC_EXAMPLE.slice(0, -4))).toBe('EEAB');
  });
});

describe('sanitizePixText and formatPixAmount', () => {
  it('removes accents, upper-cases, keeps A-Z 0-9 space . - / and cuts', () => {
    expect(sanitizePixText('São João d’Aliança', 25)).toBe('SAO JOAO DALIANCA');
    expect(sanitizePixText('  Çà  é\tü  ', 25)).toBe('CA E U');
    expect(sanitizePixText('Museu & Café #1 (Loja) 2/3-b.', 99)).toBe('MUSEU CAFE 1 LOJA 2/3-B.');
    expect(sanitizePixText('Florianópolis da Conceição', 15)).toBe('FLORIANOPOLIS D');
    // A cut that ends in a space does not leave it at the end.
    expect(sanitizePixText('Rio de Janeiro X', 15)).toBe('RIO DE JANEIRO');
    expect(sanitizePixText('日本', 25)).toBe('');
  });

  it('writes amounts with a dot and two decimals', () => {
    expect(formatPixAmount(11000)).toBe('110.00');
    expect(formatPixAmount(1)).toBe('0.01');
    expect(formatPixAmount(10)).toBe('0.10');
    expect(formatPixAmount(123456)).toBe('1234.56');
    expect(formatPixAmount(999_999_999_999)).toBe('9999999999.99');
    expect(thrown(() => formatPixAmount(1_000_000_000_000)).field).toBe('54');
    expect(thrown(() => formatPixAmount(0)).code).toBe('invalid');
    expect(thrown(() => formatPixAmount(12.5)).code).toBe('invalid');
    expect(thrown(() => formatPixAmount(-100)).code).toBe('invalid');
  });
});

describe('pixPayload', () => {
  it('builds the manual example field by field (names upper-cased)', () => {
    const payload = pixPayload({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'Fulano de Tal',
      merchantCity: 'Brasília',
    });
    const expected = [
      '000201', // 00 payload format indicator
      '2658', // 26 merchant account information, 58 characters:
      '0014br.gov.bcb.pix', //   00 GUI
      '0136123e4567-e12b-12d1-a456-426655440000', //   01 key
      '52040000', // 52 MCC
      '5303986', // 53 currency BRL
      '5802BR', // 58 country
      '5913FULANO DE TAL', // 59 merchant name
      '6008BRASILIA', // 60 merchant city
      '6207', // 62 additional data, 7 characters:
      '0503***', //   05 txid
      '6304', // 63 CRC, then its value
    ].join('');
    expect(payload).toBe(`${expected}F012`);
    expect(crc16ccitt(expected)).toBe('F012');
    // Identical to the manual's text but for the case of the name, so only the CRC differs.
    expect(payload.slice(0, -4).replace('FULANO DE TAL', 'Fulano de Tal')).toBe(
      MANUAL_STATIC.slice(0, -4),
    );
  });

  it('adds amount, description and txid to a static charge', () => {
    const payload = pixPayload({
      key: 'loja@example.com',
      merchantName: 'Museu do Ipiranga — Loja',
      merchantCity: 'São Paulo',
      amountCents: 11000,
      description: 'Ingresso Museu',
      txid: 'PEDIDO123',
    });
    expect(payload).toBe(
      '000201' +
        '2656' +
        '0014br.gov.bcb.pix' +
        '0116loja@example.com' +
        '0214INGRESSO MUSEU' +
        '52040000' +
        '5303986' +
        '5406110.00' +
        '5802BR' +
        '5922MUSEU DO IPIRANGA LOJA' +
        '6009SAO PAULO' +
        '6213' +
        '0509PEDIDO123' +
        '630491CE',
    );
  });

  it('builds a dynamic single-use charge from a location, dropping https://', () => {
    const payload = pixPayload({
      url: 'https://pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25',
      merchantName: 'Teatro Municipal',
      merchantCity: 'Rio de Janeiro',
      amountCents: 123456,
    });
    expect(payload).toBe(
      '000201' +
        '010212' +
        '2676' +
        '0014br.gov.bcb.pix' +
        '2554pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25' +
        '52040000' +
        '5303986' +
        '54071234.56' +
        '5802BR' +
        '5916TEATRO MUNICIPAL' +
        '6014RIO DE JANEIRO' +
        '6207' +
        '0503***' +
        '630418AA',
    );
  });

  it('writes lengths as two digits and cuts name to 25 and city to 15', () => {
    const payload = pixPayload({
      key: '+5511987654321',
      merchantName: 'Associação Cultural Amigos do Theatro',
      merchantCity: 'São José dos Campos',
      amountCents: 5,
    });
    expect(payload).toContain('0114+5511987654321');
    expect(payload).toContain('54040.05');
    expect(payload).toContain('5925ASSOCIACAO CULTURAL AMIGO6015');
    expect(payload).toContain('6015SAO JOSE DOS CA');
    expect(parsePix(payload).merchantName).toHaveLength(25);
    const tiny = pixPayload({ key: 'a@b.co', merchantName: 'X', merchantCity: 'Y' });
    expect(tiny).toContain('5901X6001Y');
  });

  it('rejects what the standard does not allow', () => {
    const base = { merchantName: 'Loja', merchantCity: 'Recife' };
    expect(thrown(() => pixPayload({ ...base, key: 'not a key' })).field).toBe('26.01');
    expect(thrown(() => pixPayload({ ...base, key: '52998224725', txid: 'PED-1' })).field).toBe(
      '62.05',
    );
    expect(
      thrown(() => pixPayload({ ...base, key: '52998224725', txid: 'A'.repeat(26) })).field,
    ).toBe('62.05');
    expect(
      thrown(() => pixPayload({ ...base, merchantName: '¿?', key: '52998224725' })).field,
    ).toBe('59');
    expect(thrown(() => pixPayload({ ...base, merchantCity: ' ', key: '52998224725' })).field).toBe(
      '60',
    );
    expect(thrown(() => pixPayload({ ...base, url: 'http://pix.example.com/qr/1' })).field).toBe(
      '26.25',
    );
    expect(thrown(() => pixPayload({ ...base, url: 'pix.example.com/a b' })).field).toBe('26.25');
    expect(
      thrown(() => pixPayload({ ...base, url: `pix.example.com/${'x'.repeat(62)}` })).field,
    ).toBe('26.25');
    // 26 holds at most 99: GUI (18) + key field (4 + 36) leaves 41, minus the header: 37.
    const key = '123e4567-e12b-12d1-a456-426655440000';
    expect(pixPayload({ ...base, key, description: 'D'.repeat(37) })).toContain('2699');
    expect(thrown(() => pixPayload({ ...base, key, description: 'D'.repeat(38) })).field).toBe(
      '26.02',
    );
  });

  it('accepts the longest location that fits field 26', () => {
    const url = `pix.example.com/${'x'.repeat(61)}`;
    expect(url).toHaveLength(77);
    expect(parsePix(pixPayload({ url, merchantName: 'A', merchantCity: 'B' })).url).toBe(url);
  });

  it('uses *** as txid when none is given and keeps an explicit ***', () => {
    const base = { key: '11222333000181', merchantName: 'Loja', merchantCity: 'Recife' };
    expect(parsePix(pixPayload(base)).txid).toBe('***');
    expect(parsePix(pixPayload({ ...base, txid: '***' })).txid).toBe('***');
    expect(parsePix(pixPayload({ ...base, txid: 'abcXYZ0123456789abcXYZ012' })).txid).toBe(
      'abcXYZ0123456789abcXYZ012',
    );
  });
});

describe('parsePix', () => {
  it('reads the manual example', () => {
    const p = parsePix(MANUAL_STATIC);
    expect(p).toMatchObject({
      payloadFormatIndicator: '01',
      gui: 'br.gov.bcb.pix',
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantCategoryCode: '0000',
      currency: '986',
      country: 'BR',
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      txid: '***',
      crc: '1D3D',
    });
    expect(p.pointOfInitiationMethod).toBeUndefined();
    expect(p.amount).toBeUndefined();
    expect(p.fields.map((f) => f.id)).toEqual([
      '00',
      '26',
      '52',
      '53',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    expect(p.fields[1]?.children).toEqual([
      { id: '00', value: 'br.gov.bcb.pix' },
      { id: '01', value: '123e4567-e12b-12d1-a456-426655440000' },
    ]);
  });

  it('reads a dynamic payload with an upper-case GUI', () => {
    const p = parsePix(DYNAMIC_EXAMPLE);
    expect(p.pointOfInitiationMethod).toBe('12');
    expect(p.gui).toBe('BR.GOV.BCB.PIX');
    expect(p.url).toBe('pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99');
    expect(p.key).toBeUndefined();
    expect(p.merchantCity).toBe('SAO PAULO');
  });

  it('round-trips what pixPayload builds', () => {
    const payload = pixPayload({
      key: 'loja@example.com',
      merchantName: 'Pinacoteca',
      merchantCity: 'São Paulo',
      amountCents: 4990,
      description: 'Meia-entrada',
      txid: 'ABC123',
    });
    expect(parsePix(payload)).toMatchObject({
      key: 'loja@example.com',
      description: 'MEIA-ENTRADA',
      amount: '49.90',
      amountCents: 4990,
      merchantName: 'PINACOTECA',
      merchantCity: 'SAO PAULO',
      txid: 'ABC123',
    });
    const dynamic = pixPayload({ url: 'psp.example/cob/1', merchantName: 'A', merchantCity: 'B' });
    expect(parsePix(dynamic)).toMatchObject({ url: 'psp.example/cob/1', txid: '***' });
  });

  it('accepts a lower-case CRC and surrounding whitespace', () => {
    expect(parsePix(` ${MANUAL_STATIC.slice(0, -4)}1d3d\n`).crc).toBe('1d3d');
  });

  it('rejects a wrong CRC and any changed character', () => {
    expect(thrown(() => parsePix(`${MANUAL_STATIC.slice(0, -4)}1D3E`))).toMatchObject({
      code: 'crc',
      field: '63',
    });
    expect(thrown(() => parsePix(MANUAL_STATIC.replace('Fulano', 'Fulana'))).code).toBe('crc');
    expect(thrown(() => parsePix(MANUAL_STATIC.replace('BRASILIA', 'BRASILIO'))).code).toBe('crc');
  });

  it('rejects a broken TLV structure', () => {
    const withCrc = (body: string): string => `${body}6304${crc16ccitt(`${body}6304`)}`;
    expect(thrown(() => parsePix('')).code).toBe('format');
    expect(thrown(() => parsePix('000201')).field).toBe('63');
    expect(thrown(() => parsePix(withCrc('000202'))).field).toBe('00');
    expect(thrown(() => parsePix(withCrc('5802BR000201'))).field).toBe('00');
    // 62 says 8 characters but holds 7: the parser reads into the CRC field.
    expect(thrown(() => parsePix(withCrc('00020162080503***'))).code).toBe('format');
    expect(thrown(() => parsePix(withCrc('0002015802BR5802BR'))).code).toBe('format');
    expect(thrown(() => parsePix(`${MANUAL_STATIC.slice(0, -8)}6305${'1D3D0'}`)).field).toBe('63');
  });

  it('names the missing fields the Pix profile requires', () => {
    const withCrc = (body: string): string => `${body}6304${crc16ccitt(`${body}6304`)}`;
    const account = '26220014br.gov.bcb.pix0100';
    expect(thrown(() => parsePix(withCrc('000201')))).toMatchObject({
      code: 'missing',
      field: '26.00',
    });
    expect(thrown(() => parsePix(withCrc('000201261600126789abcdefgh')))).toMatchObject({
      code: 'missing',
      field: '26.00',
    });
    expect(thrown(() => parsePix(withCrc('000201' + '26180014br.gov.bcb.pix'))).field).toBe('26');
    expect(thrown(() => parsePix(withCrc(`000201${account}`))).code).toBe('format');
    const head = '000201' + '26250014br.gov.bcb.pix0103a@b';
    expect(thrown(() => parsePix(withCrc(head))).field).toBe('52');
    expect(thrown(() => parsePix(withCrc(`${head}52040000`))).field).toBe('53');
    expect(thrown(() => parsePix(withCrc(`${head}520400005303986`))).field).toBe('58');
    expect(thrown(() => parsePix(withCrc(`${head}5204000053039865802BR`))).field).toBe('59');
    expect(thrown(() => parsePix(withCrc(`${head}5204000053039865802BR5901A`))).field).toBe('60');
    const ok = parsePix(withCrc(`${head}5204000053039865802BR5901A6001B`));
    expect(ok.txid).toBeUndefined();
  });
});

describe('isValidPixKey', () => {
  it.each([
    ['52998224725', 'CPF'],
    ['11222333000181', 'CNPJ'],
    ['12345678305', 'CPF whose first check digit comes from remainder 0'],
    ['11222333001820', 'CNPJ whose second check digit comes from remainder 1'],
    ['loja@example.com', 'e-mail'],
    ["o'brien+pix@sub.example.com.br", 'e-mail with DICT special characters'],
    ['+5511987654321', 'mobile phone'],
    ['+5561912345678', 'mobile phone'],
    ['123e4567-e12b-12d1-a456-426655440000', 'EVP'],
  ])('accepts %s (%s)', (key) => {
    expect(isValidPixKey(key)).toBe(true);
  });

  it.each([
    ['52998224724', 'CPF with a wrong check digit'],
    ['11111111111', 'CPF of repeated digits'],
    ['529.982.247-25', 'formatted CPF'],
    ['11222333000182', 'CNPJ with a wrong check digit'],
    ['00000000000000', 'CNPJ of repeated digits'],
    ['11.222.333/0001-81', 'formatted CNPJ'],
    ['123456789012', 'twelve digits'],
    ['Loja@Example.com', 'e-mail with upper case'],
    [`${'a'.repeat(66)}@example.com`, 'e-mail over 77 characters'],
    ['loja@-example.com', 'e-mail domain starting with a hyphen'],
    ['loja example.com', 'no at sign'],
    ['11987654321', 'phone without +55'],
    ['+1 2025550123', 'foreign phone'],
    ['+12025550123', 'foreign phone'],
    ['+551187654321', 'landline'],
    ['+5501987654321', 'area code with 0'],
    ['+55 11 98765-4321', 'formatted phone'],
    ['123E4567-E12B-12D1-A456-426655440000', 'upper-case EVP'],
    ['123e4567e12b12d1a456426655440000', 'EVP without hyphens'],
    ['', 'empty'],
  ])('rejects %s (%s)', (key) => {
    expect(isValidPixKey(key)).toBe(false);
  });

  it('accepts an e-mail of exactly 77 characters', () => {
    const email = `${'a'.repeat(65)}@example.com`;
    expect(email).toHaveLength(77);
    expect(isValidPixKey(email)).toBe(true);
  });
});
