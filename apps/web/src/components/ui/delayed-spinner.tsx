import { useEffect, useState } from 'react';
import { FullScreenLoading, Spinner } from './spinner';

/** How long a part of the app may take to load before 'Loading...' is shown at all. */
export const LOADING_DELAY_MS = 300;

function useDelayed(delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return shown;
}

/**
 * The Suspense fallback of a code-split part (a page, a tab, a dialog): nothing for the first
 * 300 ms, so a chunk that arrives quickly does not flash a spinner; then the usual 'Loading...'
 * status, which screen readers announce.
 */
export function DelayedSpinner({ delayMs = LOADING_DELAY_MS }: { delayMs?: number }) {
  return useDelayed(delayMs) ? <Spinner label="Loading..." /> : null;
}

/** The same for a whole page. */
export function DelayedFullScreenLoading({ delayMs = LOADING_DELAY_MS }: { delayMs?: number }) {
  return useDelayed(delayMs) ? <FullScreenLoading /> : null;
}
