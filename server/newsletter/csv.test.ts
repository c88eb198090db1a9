import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV (RFC 4180)', () => {
  it('leaves plain fields as they are', () => {
    expect(csvField('ana@example.com')).toBe('ana@example.com');
    expect(csvField('')).toBe('');
    expect(csvField('Olá; tudo bem')).toBe('Olá; tudo bem');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('diz "sim"')).toBe('"diz ""sim"""');
    expect(csvField('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('ends every line, the last one too, with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', 'x,y'],
          ['2', ''],
        ],
      ),
    ).toBe('a,b\r\n1,"x,y"\r\n2,\r\n');
    expect(toCsv(['a'], [])).toBe('a\r\n');
  });
});
