import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { detectEncoding } from './detect-encoding.js';

describe('detectEncoding', () => {
  it('tells Cyrillic Windows-1251 from Western Windows-1252', () => {
    expect(detectEncoding(iconv.encode('Категорія;Площа\nзаказник;1,5\n', 'windows-1251')).encoding).toBe(
      'windows-1251',
    );
    expect(detectEncoding(iconv.encode('Café;Straße;£500\n', 'windows-1252')).encoding).toBe('windows-1252');
  });

  it('recognises UTF-8 and byte-order marks', () => {
    expect(detectEncoding(Buffer.from('Київ', 'utf8'))).toMatchObject({ encoding: 'utf-8', bomBytes: 0 });
    expect(detectEncoding(Buffer.from('\uFEFFa', 'utf8'))).toMatchObject({ encoding: 'utf-8', bomBytes: 3 });
    expect(detectEncoding(Buffer.from([0xff, 0xfe, 0x61, 0]))).toMatchObject({ encoding: 'utf-16le' });
  });
});
