import { useEffect, useRef, useState } from 'react';
import { useFlash } from '../../../components/ui/banner';
import { AccountRegister } from './account-register';
import { AccountsOverview } from './accounts-overview';

/** The Accounts tab: the accounts by class, or one account's register (switched in place, as tabs are). */
export function AccountsTab() {
  const flash = useFlash();
  const [openId, setOpenId] = useState<string | null>(null);
  const first = useRef(true);

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
    <AccountRegister accountId={openId} flash={flash} onBack={() => setOpenId(null)} />
  ) : (
    <AccountsOverview flash={flash} onOpen={setOpenId} />
  );
}
