/** Puts the rows found on their keys and zeros on every other key, in the keys' order. */
export function fillSeries<R extends { key: string }, T>(
  keys: string[],
  rows: R[],
  make: (key: string, row?: R) => T,
): T[] {
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return keys.map((key) => make(key, byKey.get(key)));
}
