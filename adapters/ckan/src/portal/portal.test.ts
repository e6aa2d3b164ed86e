import { describe, expect, it } from 'vitest';
import { localizedText, shortText } from './localized-text.js';
import { normalizeFormat } from './normalize-format.js';
import { notQueryableReason, portalDate, resourceView } from './package-view.js';
import { resolveQuirks } from './portal-quirks.js';

describe('portal metadata helpers', () => {
  it('normalises format labels, including Cyrillic look-alikes, MIME types and URL extensions', () => {
    expect(normalizeFormat('\u0421SV')).toBe('CSV');
    expect(normalizeFormat(' csv ')).toBe('CSV');
    expect(normalizeFormat('text/csv')).toBe('CSV');
    expect(normalizeFormat('zip+csv')).toBe('ZIP');
    expect(normalizeFormat('.xlsx')).toBe('XLSX');
    expect(normalizeFormat('', 'https://x.org/a/data.parquet?x=1')).toBe('PARQUET');
    expect(normalizeFormat(null, 'https://x.org/a/data')).toBeNull();
  });

  it('reads multilingual fields in the preferred order', () => {
    expect(localizedText({ de: 'Verkehr', fr: 'Trafic', en: '' }, ['en', 'fr'])).toBe('Trafic');
    expect(localizedText('  plain ', ['en'])).toBe('plain');
    expect(localizedText(null, ['en'])).toBeNull();
  });

  it('shortens descriptions without markup', () => {
    expect(shortText('<p>Hello **world** [link](http://x)</p>', 100)).toBe('Hello world link');
    expect(shortText('a'.repeat(50), 10)).toHaveLength(10);
  });

  it('reads naive CKAN timestamps as UTC and keeps missing dates null', () => {
    expect(portalDate('2019-06-05T11:20:00.000000')).toBe('2019-06-05T11:20:00.000Z');
    expect(portalDate(null)).toBeNull();
    expect(portalDate('not a date')).toBeNull();
  });

  it('decides queryability from format, DataStore and URL', () => {
    expect(notQueryableReason({ id: 'a', format: 'PDF', url: 'https://x.org/a.pdf' })).toMatch(/PDF/);
    expect(notQueryableReason({ id: 'a', format: 'PDF', url: '', datastore_active: true })).toBeNull();
    expect(notQueryableReason({ id: 'a', format: 'CSV', url: null })).toMatch(/no downloadable URL/);
    expect(notQueryableReason({ id: 'a', format: '', url: 'https://x.org/download?id=1' })).toBeNull();
  });

  it('marks a file on a host the instance may not contact as not queryable, naming the host', () => {
    const remote = { id: 'r', format: 'CSV', url: 'https://files.example.org/a.csv' };
    expect(resourceView(remote, ['en']).queryable).toBe(true);
    const offline = resourceView(remote, ['en'], ['127.0.0.1']);
    expect(offline.queryable).toBe(false);
    expect(offline.not_queryable_reason).toContain('files.example.org');
    // An allow-list of this machine alone is the offline set-up: the reason says the live portal serves the file.
    expect(offline.not_queryable_reason).toMatch(/only a local backend \(127\.0\.0\.1\).*live portal/);
    const elsewhere = resourceView(remote, ['en'], ['data.example.org']).not_queryable_reason;
    expect(elsewhere).toBe(
      'Its file is on files.example.org, which this server may not contact (allowed_hosts: data.example.org).',
    );
    const local = { id: 'l', format: 'CSV', url: 'http://127.0.0.1:4000/files/a.csv' };
    expect(resourceView(local, ['en'], ['127.0.0.1']).queryable).toBe(true);
    expect(resourceView({ ...remote, datastore_active: true }, ['en'], ['127.0.0.1']).queryable).toBe(true);
  });

  it('merges the quirks table with configured overrides', () => {
    expect(resolveQuirks('data.gov.au', undefined).path_prefix).toBe('/data');
    expect(resolveQuirks('data.gov.uk', undefined).api_path).toBe('/api/action');
    expect(resolveQuirks('unknown.example', undefined).api_path).toBeUndefined();
    expect(resolveQuirks('data.gov.ua', { datastore_page_size: 50 }).datastore_page_size).toBe(50);
  });
});
