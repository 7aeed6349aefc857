import { Link } from 'react-router';
import { ThemeToggle } from '../../theme/theme-toggle';
import { cta } from './brand';

/** The right side of every public header: theme toggle, 'Sign In' and 'Get Started'. */
export function HeaderActions() {
  return (
    <>
      <ThemeToggle />
      <Link
        to="/login"
        className="rounded-lg px-1.5 py-2 text-sm font-semibold whitespace-nowrap text-slate-700 hover:bg-slate-100 sm:px-3 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        Sign In
      </Link>
      <Link to="/register" className={cta('primary', 'compact')}>
        Get Started
      </Link>
    </>
  );
}
