import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Scrolls smoothly to the top on every path change (in-page anchors are left alone). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
