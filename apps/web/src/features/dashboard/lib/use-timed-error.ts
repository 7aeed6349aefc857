import { useEffect, useState } from 'react';
import { BANNER_MS } from '@ledgerly/shared';

/**
 * Whether a query's failure should still be shown: errors vanish after 3000 ms like every
 * banner (spec §9); a new failure (a new `errorUpdatedAt`) shows again.
 */
export function useTimedError(isError: boolean, errorUpdatedAt: number): boolean {
  const [hiddenAt, setHiddenAt] = useState(0);
  useEffect(() => {
    if (!errorUpdatedAt) return;
    const t = setTimeout(() => setHiddenAt(errorUpdatedAt), BANNER_MS);
    return () => clearTimeout(t);
  }, [errorUpdatedAt]);
  return isError && hiddenAt !== errorUpdatedAt;
}
