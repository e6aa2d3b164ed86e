import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compactQuery, QUERY_INLINE_MAX } from './compact-query.js';
import type { Provenance } from './provenance.js';

function sourceWith(text: string): Provenance {
  return {
    backend: 'test',
    adapter_id: 'test',
    endpoint: 'https://test.example/query',
    identifiers: {},
    title: null,
    publisher: null,
    url: null,
    query: { language: 'sparql', text },
    access_method: 'sparql',
    retrieved_at: '2026-01-01T00:00:00.000Z',
    metadata_retrieved_at: null,
    source_modified_at: null,
    license: null,
    cache: { hit: false, revalidated: false, first_fetched_at: null },
  };
}

describe('compactQuery', () => {
  it('leaves a short query exactly as it ran', () => {
    const remembered: string[] = [];
    const source = sourceWith('SELECT ?s WHERE { ?s a <https://cube.link/Cube> } LIMIT 5');
    expect(compactQuery(source, (_h, t) => remembered.push(t))).toBe(source);
    expect(remembered).toEqual([]);
  });

  it('cites a long query by its hash and a short form that keeps the head and the LIMIT', () => {
    const prefixes = Array.from({ length: 12 }, (_, i) => `PREFIX p${i}: <https://example.org/ns${i}#>`).join(
      '\n',
    );
    const body = Array.from({ length: 40 }, (_, i) => `  ?obs <https://example.org/dim${i}> ?v${i} .`).join(
      '\n',
    );
    const text = `${prefixes}\nSELECT * WHERE {\n${body}\n}\nLIMIT 51`;
    const remembered = new Map<string, string>();
    const compact = compactQuery(sourceWith(text), (h, t) => remembered.set(h, t)).query;
    const sha256 = createHash('sha256').update(text).digest('hex');
    expect(compact).toMatchObject({ shortened: true, sha256, full_text_uri: `opendata://query/${sha256}` });
    expect(compact?.text.length).toBeLessThanOrEqual(QUERY_INLINE_MAX);
    expect(compact?.text).not.toContain('PREFIX');
    expect(compact?.text.startsWith('SELECT * WHERE {')).toBe(true);
    expect(compact?.text.endsWith('LIMIT 51')).toBe(true);
    expect(remembered.get(sha256)).toBe(text);
  });
});
