import { describe, expect, it, vi } from 'vitest';
import { Suspense, lazy } from 'react';
import { render, screen } from '@testing-library/react';
import { ChunkErrorBoundary, isChunkLoadError } from './chunk-error-boundary';

describe('ChunkErrorBoundary', () => {
  it('reloads once when a code-split part cannot be fetched (a new version was deployed)', async () => {
    const onChunkError = vi.fn();
    const Gone = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/transactions-tab-abc.js')),
    );
    // React reports the caught error on the console; that is expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      render(
        <ChunkErrorBoundary onChunkError={onChunkError}>
          <Suspense fallback={<p>Loading...</p>}>
            <Gone />
          </Suspense>
        </ChunkErrorBoundary>,
      );
      expect(await screen.findByRole('alert')).toHaveTextContent('This part of Ledgerly could not be loaded.');
      expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
      expect(onChunkError).toHaveBeenCalledOnce();
    } finally {
      quiet.mockRestore();
    }
  });

  it('tells a failed download from other errors', () => {
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
