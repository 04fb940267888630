import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

/**
 * A box that scrolls sideways when its content (a wide table) does not fit. While it scrolls it is a
 * named region (a labelled section) in the tab order, so keyboard users can reach it and scroll it with the arrow keys
 * (WCAG 2.1.1; axe's scrollable-region-focusable); when everything fits it is no extra tab stop.
 */
export function ScrollRegion({
  label,
  className,
  children,
  testId,
}: {
  /** The region's accessible name, as a screen reader announces it (the table's title). */
  label: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // The box changes size with the window; its content with the rows shown in it.
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    for (const child of Array.from(box.children)) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <section
      ref={ref}
      className={className ? `scroll-region ${className}` : 'scroll-region'}
      aria-label={label}
      tabIndex={scrolls ? 0 : undefined}
      data-scrolls={scrolls}
      data-testid={testId}
    >
      {children}
    </section>
  );
}
