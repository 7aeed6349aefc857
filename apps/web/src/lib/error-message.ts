import { useEffect, useRef } from 'react';
import { ApiError } from './api-client';

/**
 * The text to show for a failed call: the server's message (or the endpoint's own fallback,
 * which the API client already put in), else the screen's fallback for anything unexpected.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** Shows each new query error once through `show` (e.g. a 3-second flash banner). */
export function useErrorFlash(error: unknown, fallback: string, show: (message: string) => void): void {
  const shown = useRef<unknown>(null);
  const showRef = useRef(show);
  useEffect(() => {
    showRef.current = show;
  });
  useEffect(() => {
    if (!error || error === shown.current) return;
    shown.current = error;
    showRef.current(errorMessage(error, fallback));
  }, [error, fallback]);
}
