import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
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

afterEach(() => {
  cleanup();
  localStorage.clear();
  // fetch and matchMedia stubs (src/test) last one test only.
  vi.unstubAllGlobals();
});
