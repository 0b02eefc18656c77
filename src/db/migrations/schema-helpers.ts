// Column shapes that the two engines spell differently.
import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.ts';

/** An auto-assigned integer primary key. */
export function identityColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  name: string,
  dialect: Dialect,
): CreateTableBuilder<T, never> {
  return table.addColumn(name, 'integer', (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
  );
}
