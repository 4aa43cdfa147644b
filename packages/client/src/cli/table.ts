/**
 * Renders rows as aligned columns (the first row is the header). Hand-written: a dozen lines,
 * where a table library would be a new dependency for one use.
 */
export function formatTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length)));
  return rows.map((r) => r.map((cell, col) => (col === r.length - 1 ? cell : cell.padEnd(widths[col]!))).join('  ').trimEnd()).join('\n');
}
