import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has no modal <dialog>: open and close stand in for showModal() and close(). The browser's
// own behaviour (focus trap, Escape, the backdrop) is tested end to end.
if (!('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      this.removeAttribute('open');
    },
  });
}

// No test reaches a network: a call its test did not stub fails as if offline (stubFetch in src/test).
beforeEach(() => {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = input instanceof Request ? input.url : input.toString();
    return Promise.reject(new TypeError(`No network in unit tests (${url}): answer it with stubFetch()`));
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  // Stubs (fetch, matchMedia) last one test only.
  vi.unstubAllGlobals();
});
