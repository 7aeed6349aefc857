import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // A watchdog, not a measure: the longest component tests take 4-5 s on a busy two-core box.
    testTimeout: 20_000,
  },
});
