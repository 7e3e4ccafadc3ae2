/** The row types of src/api/contracts/rows.ts cannot drift from the migrations: every public table, with exactly its columns. */
import { afterAll, describe, expect, it } from 'vitest';
import { TABLE_COLUMNS } from '../../src/api/contracts/rows.ts';
import { connect } from './helpers.ts';

const sql = connect();

afterAll(async () => {
  await sql.end();
});

async function columnsByTable(): Promise<Map<string, string[]>> {
  const rows = await sql<{ table_name: string; column_name: string }[]>`
    select c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
`;
  const tables = new Map<string, string[]>();
  for (const row of rows)
    tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  for (const columns of tables.values()) columns.sort();
  return tables;
}

describe('row types', () => {
  it('list every public table of the database, and no other', async () => {
    const tables = await columnsByTable();
    expect(Object.keys(TABLE_COLUMNS).sort()).toEqual([...tables.keys()].sort());
  });

  it.each(Object.entries(TABLE_COLUMNS))(
    '%s: the column list is the table’s columns',
    async (table, list) => {
      const tables = await columnsByTable();
      expect([...list].sort()).toEqual(tables.get(table));
    },
  );
});
