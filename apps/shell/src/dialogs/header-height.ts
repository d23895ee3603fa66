import { useEffect, type RefObject } from 'react';

/**
 * Keeps `--ns-header-height` equal to the header's real height, so toasts sit under it (§2:
 * the toast offset follows the header's height) even when it grows (a long translation, a
 * banner). The stylesheet's value per breakpoint holds until the first measure.
 */
export function useHeaderHeightVariable(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const write = () => {
      const height = Math.round(element.getBoundingClientRect().height);
      if (height > 0) root.style.setProperty('--ns-header-height', `${height}px`);
    };
    write();
    const observer = new ResizeObserver(write);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--ns-header-height');
    };
  }, [header]);
}
