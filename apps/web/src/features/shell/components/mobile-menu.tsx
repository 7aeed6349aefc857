import { useEffect, useRef } from 'react';
import type { User } from '@ledgerly/shared';
import type { TabId } from '../tabs';
import { TabNav } from './tab-nav';

interface MobileMenuProps {
  open: boolean;
  onClose: () => void;
  active: TabId;
  onSelect: (tab: TabId) => void;
  user: User | null;
}

/** The slide-in menu of small screens: the same tabs and a user card; a modal while open. */
export function MobileMenu({ open, onClose, active, onSelect, user }: MobileMenuProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  // Light dismiss: a click on the backdrop lands on the <dialog> itself and closes the menu, a
  // mouse shortcut for what Escape (onCancel) and the × button do. (The native closedby="any"
  // would do it, but Safari lacks it.)
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const onBackdrop = (e: MouseEvent) => {
      if (e.target === d) onClose();
    };
    d.addEventListener('click', onBackdrop);
    return () => d.removeEventListener('click', onBackdrop);
  }, [onClose]);

  const initial = (user?.firstName || user?.email || 'U').charAt(0).toUpperCase();
  return (
    <dialog
      ref={ref}
      aria-label="Menu"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-0 h-full max-h-none w-72 max-w-[85vw] bg-white p-0 text-slate-900 shadow-xl dark:bg-slate-900 dark:text-slate-100"
    >
      {open && (
        <div className="flex h-full flex-col p-4">
          <div className="mb-4 flex items-center justify-between">
            <span className="text-lg font-bold text-indigo-600 dark:text-indigo-400">Ledgerly</span>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close menu"
              className="rounded-lg p-2 text-xl leading-none hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              ×
            </button>
          </div>
          <div className="mb-4 flex items-center gap-3 rounded-xl bg-slate-100 p-3 dark:bg-slate-800">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-600 font-semibold text-white"
            >
              {initial}
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{user?.firstName || 'User'}</p>
              <p className="truncate text-xs text-slate-600 dark:text-slate-400">{user?.email}</p>
            </div>
          </div>
          <nav aria-label="Main">
            <TabNav
              active={active}
              onSelect={(tab) => {
                onSelect(tab);
                onClose();
              }}
            />
          </nav>
        </div>
      )}
    </dialog>
  );
}
