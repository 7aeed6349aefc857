import { useCallback, useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TABS, type TabId } from './tabs';

const DEFAULT_TAB: TabId = 'dashboard';

const isTabId = (value: unknown): value is TabId => TABS.some((t) => t.id === value);

/** The tab kept in a history entry's state (react-router keeps it in `history.state`). */
export function tabOfState(state: unknown): TabId {
  const tab = (state as { tab?: unknown } | null)?.tab;
  return isTabId(tab) ? tab : DEFAULT_TAB;
}

/**
 * The open tab of the signed-in app, kept in the browser's history rather than in the URL: the
 * spec's dashboard is one route with tabs switched in place, so every tab has the same URL, and
 * choosing a tab pushes a history entry of that URL whose state names the tab. So Back returns to
 * the previous tab, Forward comes back, and a reload (which keeps `history.state`) stays on the
 * tab. An entry without a tab (signing in, typing /dashboard) is the Dashboard tab.
 *
 * Each tab opens at its top, including on Back: the browser's own scroll restoration is turned
 * off while the app is shown, since it would restore a position of content that is not drawn yet.
 */
export function useTabHistory(): [TabId, (tab: TabId) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const tab = tabOfState(location.state);
  const { pathname, search, hash } = location;

  const select = useCallback(
    (next: TabId) => {
      if (next === tab) return;
      void navigate({ pathname, search, hash }, { state: { tab: next } });
    },
    [navigate, tab, pathname, search, hash],
  );

  useEffect(() => {
    if (!('scrollRestoration' in window.history)) return;
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = before;
    };
  }, []);

  // Before paint, so the new tab is never drawn at the old tab's scroll position.
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [tab]);

  return [tab, select];
}
