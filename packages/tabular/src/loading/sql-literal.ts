/** A SQL string literal. Only used for values we produce ourselves (temp paths, column names). */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

export function sqlIdentifier(value: string): string {
  return `"${value.replaceAll('"', '""')}"`;
}
