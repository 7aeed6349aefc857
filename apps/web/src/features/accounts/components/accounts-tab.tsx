import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFlash } from '../../../components/ui/banner';
import { AccountRegister } from './account-register';
import { AccountsOverview } from './accounts-overview';

/** The open account, kept in the history entry's state beside the tab (see shell/use-tab-history). */
function accountOfState(state: unknown): string | null {
  const account = (state as { account?: unknown } | null)?.account;
  return typeof account === 'string' ? account : null;
}

/**
 * The Accounts tab: the accounts by class, or one account's register. Like the tabs, opening an
 * account is a history entry of the same URL: Back returns to the list, a reload stays on it.
 */
export function AccountsTab() {
  const flash = useFlash();
  const location = useLocation();
  const navigate = useNavigate();
  const openId = accountOfState(location.state);
  const first = useRef(true);
  const show = (account: string | null) =>
    void navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { state: { tab: 'accounts', ...(account ? { account } : {}) } },
    );

  // Switching between the list and a register replaces the page: focus goes to its heading, as
  // it would on a new page, so keyboard and screen-reader users keep their place.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.getElementById('tab-title');
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [openId]);

  return openId ? (
    <AccountRegister accountId={openId} flash={flash} onBack={() => show(null)} />
  ) : (
    <AccountsOverview flash={flash} onOpen={show} />
  );
}
