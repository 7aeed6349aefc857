import { Card } from '../../../components/ui/card';
import { useTheme } from '../../theme/theme-context';
import { Emoji } from '../../../components/ui/emoji';

/** The dark/light switch; the choice is stored and applied at once. */
export function AppearanceCard() {
  const { theme, toggleTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <Card role="region" aria-labelledby="settings-appearance">
      <h2 id="settings-appearance" className="text-lg font-semibold">
        Appearance
      </h2>
      <div className="mt-4 flex items-center justify-between gap-4">
        <div>
          <p id="dark-mode-label" className="text-sm font-medium">
            Dark mode
          </p>
          <p id="dark-mode-hint" className="text-sm text-slate-600 dark:text-slate-400">
            {dark ? 'Using the dark theme' : 'Using the light theme'}
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={dark}
          aria-labelledby="dark-mode-label"
          aria-describedby="dark-mode-hint"
          onClick={toggleTheme}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors ${
            dark ? 'bg-indigo-600' : 'bg-slate-400'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-flex h-5 w-5 items-center justify-center rounded-full bg-white text-[11px] shadow transition-transform ${
              dark ? 'translate-x-6' : 'translate-x-1'
            }`}
          >
            <Emoji emoji={dark ? '🌙' : '☀️'} />
          </span>
        </button>
      </div>
    </Card>
  );
}
