/** The PostgreSQL SQLSTATE of an error, looking through driver and ORM wrappers. */
export function pgErrorCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  /** 'invalid byte sequence for encoding "UTF8": 0x00' — a NUL character in text. */
  characterNotInRepertoire: '22021',
} as const;

export const isUniqueViolation = (error: unknown) => pgErrorCode(error) === PG.uniqueViolation;
export const isForeignKeyViolation = (error: unknown) => pgErrorCode(error) === PG.foreignKeyViolation;

/** The name of the constraint an error violated (PostgreSQL and PGlite both report it), if any. */
export function violatedConstraint(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string' && name) return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
