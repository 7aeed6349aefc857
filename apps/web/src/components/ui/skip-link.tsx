/** The id of every layout's <main>, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * The first thing a keyboard user reaches on every page: hidden until focused, it jumps past the
 * header and navigation to the page's content.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // The hash alone would leave focus where it was in some browsers: move it explicitly.
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      className="sr-only z-50 rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to main content
    </a>
  );
}
