import { useEffect } from 'react';

/**
 * Registers the service worker (built by vite-plugin-pwa, docs/pwa.md) once the signed-in app
 * is open: from then on the app and its last-loaded data open offline. Public pages never
 * register it, so a first visit to the landing page downloads only the landing page.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a worker the app works as before, only not offline.
    });
  }, []);
}
