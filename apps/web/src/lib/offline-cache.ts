/** The service worker's cache of API answers (vite.config.ts), for offline reading. */
export const API_CACHE = 'ledgerly-api';

/**
 * Forgets every kept API answer: on sign-out and sign-in, so nobody reads the previous user's
 * data offline on a shared browser.
 */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE).catch(() => false);
}
