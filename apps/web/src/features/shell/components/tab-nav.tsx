import { TABS, type TabId } from '../tabs';
import { Emoji } from '../../../components/ui/emoji';

/** The list of tabs: a navigation of buttons, the current one marked. */
export function TabNav({ active, onSelect }: { active: TabId; onSelect: (tab: TabId) => void }) {
  return (
    <ul className="space-y-1">
      {TABS.map((tab) => {
        const current = tab.id === active;
        return (
          <li key={tab.id}>
            <button
              type="button"
              onClick={() => onSelect(tab.id)}
              aria-current={current ? 'page' : undefined}
              className={`flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors ${
                current
                  ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
                  : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
              }`}
            >
              <span aria-hidden="true">
                <Emoji emoji={tab.icon} />
              </span>
              {tab.label}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
