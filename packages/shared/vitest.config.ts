import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The property tests (fast-check, hundreds of random cases against a day-by-day oracle) take a
    // second or two alone and several times that on a loaded two-core CI machine.
    testTimeout: 60_000,
  },
});
