import { useLayoutEffect, useRef, type ReactNode } from 'react';

/** Below this the figure stays legible; a longer one is cut with an ellipsis (title shows all). */
const MIN_FONT_PX = 11;

/**
 * One line of text that shrinks its font until it fits its box, so a very large amount stays
 * whole inside a card instead of wrapping mid-number or running over the edge. CSS alone cannot
 * size text to its own length (container units scale with the box, not the text), hence the
 * measurement: it re-fits when the box width changes.
 */
export function FitText({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    let lastWidth = -1;
    const fit = () => {
      const width = el.clientWidth;
      if (width === lastWidth) return;
      lastWidth = width;
      el.style.fontSize = '';
      if (width <= 0 || el.scrollWidth <= width) return;
      const natural = parseFloat(getComputedStyle(el).fontSize);
      const fitted = Math.floor(((natural * width) / el.scrollWidth) * 10) / 10;
      el.style.fontSize = `${Math.max(MIN_FONT_PX, fitted)}px`;
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [children]);
  return (
    <span
      ref={ref}
      data-fit-text=""
      title={typeof children === 'string' ? children : undefined}
      className={`block overflow-hidden text-ellipsis whitespace-nowrap ${className}`}
    >
      {children}
    </span>
  );
}
