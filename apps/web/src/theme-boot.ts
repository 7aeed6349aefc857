// Runs before first paint (an external module, so the CSP needs no inline script):
// applies the stored theme, else the system preference, to avoid a light flash in dark mode.
import { initialTheme } from './features/theme/theme-storage';

document.documentElement.classList.toggle('dark', initialTheme() === 'dark');
