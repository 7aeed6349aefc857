import { useEffect } from 'react';

export const APP_NAME = 'Ledgerly';

/** "Transactions · Ledgerly": every route and tab names itself in the browser tab and history. */
export function pageTitle(title: string | null): string {
  return title ? `${title} · ${APP_NAME}` : `${APP_NAME} — Free income and expense tracker`;
}

/** Sets the document title while the page is shown; null is the landing page's own title. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
