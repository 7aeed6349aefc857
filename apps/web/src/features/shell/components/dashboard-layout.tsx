import { Suspense, lazy, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { settingsQueryOptions } from '../../../lib/settings-query';
import { useNavigate } from 'react-router';
import { AdSlot } from '../../../components/ui/ad-slot';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../auth/auth-context';
import { ThemeToggle } from '../../theme/theme-toggle';
import { DashboardTab } from '../../dashboard/components/dashboard-tab';
import { DelayedSpinner } from '../../../components/ui/delayed-spinner';
import { ChunkErrorBoundary } from '../../../components/ui/chunk-error-boundary';
import { AlertsBell } from '../../budgets/components/alerts-bell';
import type { TabId } from '../tabs';
import { TabNav } from './tab-nav';
import { MAIN_ID, SkipLink } from '../../../components/ui/skip-link';
import { usePageTitle } from '../../../lib/use-page-title';
import { useOnline } from '../../../lib/use-online';
import { useServiceWorker } from '../../../lib/service-worker';
import { TABS } from '../tabs';
import { MobileMenu } from './mobile-menu';
import { useTabHistory } from '../use-tab-history';

// The Dashboard tab comes with the app; every other tab (with its forms, react-hook-form and
// zod) is a chunk of its own, fetched the first time it is opened.
const lazyTab = <K extends string>(load: () => Promise<Record<K, () => React.JSX.Element>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
const TransactionsTab = lazyTab(() => import('../../transactions/components/transactions-tab'), 'TransactionsTab');
const AccountsTab = lazyTab(() => import('../../accounts/components/accounts-tab'), 'AccountsTab');
const BudgetsTab = lazyTab(() => import('../../budgets/components/budgets-tab'), 'BudgetsTab');
const RecurringTab = lazyTab(() => import('../../recurring/components/recurring-tab'), 'RecurringTab');
const CategoriesTab = lazyTab(() => import('../../categories/components/categories-tab'), 'CategoriesTab');
const SettingsTab = lazyTab(() => import('../../settings/components/settings-tab'), 'SettingsTab');

const TAB_VIEWS: Record<TabId, React.ComponentType> = {
  dashboard: DashboardTab,
  transactions: TransactionsTab,
  accounts: AccountsTab,
  budgets: BudgetsTab,
  recurring: RecurringTab,
  categories: CategoriesTab,
  settings: SettingsTab,
};

/** The signed-in app: one route, tabs switched in place (each tab a history entry of the same URL). */
export default function DashboardLayout() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  // The open tab lives in the history entry (same URL): Back, Forward and reload keep it.
  const [tab, setTab] = useTabHistory();
  const [menuOpen, setMenuOpen] = useState(false);
  // The currency preference is read once on load; every tab formats money with it.
  useQuery(settingsQueryOptions);
  const View = TAB_VIEWS[tab];
  const online = useOnline();
  useServiceWorker();
  usePageTitle(TABS.find((t) => t.id === tab)?.label ?? null);

  async function onLogout() {
    await logout();
    void navigate('/login', { replace: true });
  }

  return (
    <div className="min-h-screen">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
        {/* At phone width the greeting takes a second row of its own rather than squeezing the buttons. */}
        <div className="flex flex-wrap items-center gap-x-3 px-4 py-2 sm:h-16 sm:flex-nowrap sm:py-0 lg:px-6">
          <div className="mr-auto flex shrink-0 items-center gap-2">
            <button
              type="button"
              className="rounded-lg p-2 text-xl leading-none hover:bg-slate-100 lg:hidden dark:hover:bg-slate-800"
              aria-label="Open menu"
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            >
              ☰
            </button>
            <span className="text-xl font-bold text-indigo-600 dark:text-indigo-400">Ledgerly</span>
          </div>
          <span
            className="order-last flex min-w-0 basis-full pb-1 pl-11 text-sm whitespace-nowrap text-slate-700 sm:order-none sm:basis-auto sm:pb-0 sm:pl-0 lg:pl-0 dark:text-slate-300"
            title={user?.firstName || user?.email}
          >
            Hello,&nbsp;
            <span className="min-w-0 truncate font-semibold sm:max-w-xs">{user?.firstName || user?.email}</span>
          </span>
          <div className="flex shrink-0 items-center gap-2 sm:gap-4">
            <AlertsBell />
            <ThemeToggle />
            <Button variant="secondary" size="sm" onClick={() => void onLogout()}>
              Logout
            </Button>
          </div>
        </div>
      </header>

      <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} active={tab} onSelect={setTab} user={user} />

      <div className="flex">
        <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-60 shrink-0 flex-col justify-between overflow-y-auto border-r border-slate-200 bg-white p-4 lg:flex dark:border-slate-800 dark:bg-slate-900">
          <nav aria-label="Main">
            <TabNav active={tab} onSelect={setTab} />
          </nav>
          <AdSlot placement="sidebar" className="mt-6" />
        </aside>
        <main id={MAIN_ID} tabIndex={-1} className="min-w-0 flex-1 space-y-6 p-4 outline-none lg:p-6">
          {!online && (
            <p
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              <strong>Offline</strong> — showing what was last loaded. Changes are disabled until the connection
              returns.
            </p>
          )}
          <AdSlot placement="top" />
          {/* Offline, every control that would change something is disabled (read-only). */}
          <fieldset disabled={!online} className="min-w-0">
            <ChunkErrorBoundary key={tab}>
              <Suspense fallback={<DelayedSpinner />}>
                <View />
              </Suspense>
            </ChunkErrorBoundary>
          </fieldset>
          <AdSlot placement="bottom" />
        </main>
      </div>
    </div>
  );
}
