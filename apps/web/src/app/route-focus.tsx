import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long to wait for a new page's heading (the signed-in app loads as a separate chunk). */
const WAIT_MS = 5000;

/**
 * After a navigation (signing in, a link between pages), focus would stay on an element that no
 * longer exists and fall to <body>: keyboard and screen-reader users lose their place. It goes
 * to the new page's main heading instead, as a full page load would start at the top. The first
 * page of a visit is left alone.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const focusHeading = (): boolean => {
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => focusHeading() && stop());
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
  return null;
}
