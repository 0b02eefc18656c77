// Values as the engines return them, made the API's: SQLite gives booleans back as 0/1, PostgreSQL as true/false.

export function fromSqlBool(v: boolean | number): boolean;
export function fromSqlBool(v: boolean | number | null): boolean | null;
export function fromSqlBool(v: boolean | number | null): boolean | null {
  return v === null ? null : Boolean(v);
}
