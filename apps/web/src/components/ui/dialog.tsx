import { useEffect, useId, useRef, type ReactNode } from 'react';

/** The page's main heading, made focusable if need be: where focus goes when its opener is gone. */
function focusHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * Focus goes back to what opened the dialog. When that element is gone, now or once the list
 * it was in refreshes (a Delete button whose item was just deleted), focus would fall to
 * <body>, losing keyboard and screen-reader users' place: it goes to the page's heading instead.
 */
function returnFocus(back: HTMLElement): () => void {
  if (!back.isConnected) {
    focusHeading();
    return () => undefined;
  }
  back.focus();
  const observer = new MutationObserver(() => {
    if (back.isConnected) return;
    stop();
    if (document.activeElement === document.body || document.activeElement === null) focusHeading();
  });
  // Only while the user has not moved on; a few seconds covers the refetch after a change.
  const timer = window.setTimeout(() => stop(), 5000);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('focusin', onFocusIn);
  };
  const onFocusIn = (e: FocusEvent) => e.target !== back && stop();
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', onFocusIn);
  return stop;
}

const FIELD = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';
const FOCUSABLE = `${FIELD}, button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])`;

/**
 * Where focus starts in a dialog: the element marked data-autofocus, else its first field (a
 * form starts where the typing starts), else its first control (a confirmation's first button),
 * never the "×" in the corner, which the browser would pick as the first focusable element.
 */
function initialFocus(body: HTMLElement | null): HTMLElement | null {
  if (!body) return null;
  // checkVisibility skips fields hidden by CSS (where the browser has it; jsdom has not).
  const visible = (el: HTMLElement) => (typeof el.checkVisibility === 'function' ? el.checkVisibility() : true);
  const pick = (selector: string) => [...body.querySelectorAll<HTMLElement>(selector)].find(visible) ?? null;
  return pick('[data-autofocus]') ?? pick(FIELD) ?? pick(FOCUSABLE);
}

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Wider content such as forms with many fields. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** While busy, Escape and the close button do nothing. */
  busy?: boolean;
  /** Focus starts on the title instead (a list to read first, whose first control is an action). */
  focusTitle?: boolean;
}

/**
 * A modal on the native <dialog>: the browser traps focus inside, makes the page behind inert
 * and closes on Escape; focus starts as initialFocus says and returns to whatever opened it.
 */
export function Dialog({ open, onClose, title, children, size = 'md', busy = false, focusTitle = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      // React never writes the autofocus attribute, so showModal() cannot honour it.
      const heading = focusTitle ? document.getElementById(titleId) : null;
      (heading ?? initialFocus(dialog.querySelector<HTMLElement>('[data-dialog-body]')))?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      const back = opener.current;
      if (back instanceof HTMLElement) return returnFocus(back);
    }
  }, [open, focusTitle, titleId]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  const width = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-5xl' }[size];
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className={`m-auto w-[calc(100%-2rem)] ${width} rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:shadow-black/60`}
    >
      {open && (
        <div className="max-h-[85vh] overflow-y-auto p-6">
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} tabIndex={focusTitle ? -1 : undefined} className="text-lg font-semibold outline-none">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              disabled={busy}
              aria-label="Close dialog"
              className="-m-1 rounded-lg p-1 text-2xl leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-700 dark:text-slate-400 dark:hover:bg-slate-800"
            >
              ×
            </button>
          </div>
          <div data-dialog-body="">{children}</div>
        </div>
      )}
    </dialog>
  );
}
