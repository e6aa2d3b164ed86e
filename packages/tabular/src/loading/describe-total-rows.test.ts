import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { describeTotalRows } from './describe-total-rows.js';

async function noteFor(categories: string[]): Promise<string | null> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run('CREATE TABLE data (category VARCHAR, area DOUBLE)');
    for (const [i, category] of categories.entries()) {
      await connection.run(`INSERT INTO data VALUES ('${category.replaceAll("'", "''")}', ${i + 1})`);
    }
    return await describeTotalRows(connection);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('describeTotalRows', () => {
  it('counts total and subtotal lines, a doubled letter in a Cyrillic total word included', async () => {
    const note = await noteFor([
      'заказник',
      'Всього заказників загальнодержавного значення',
      'Вссього заказників місцевого значення',
      'Усього',
      'Grand Total',
      'пам`ятка природи',
    ]);
    expect(note).toMatch(/^4 row\(s\) look like totals or subtotals/);
  });

  it('says nothing when no row opens with a total word', async () => {
    expect(await noteFor(['заказник', 'Totally different', 'ботанічний сад'])).toBeNull();
  });
});
