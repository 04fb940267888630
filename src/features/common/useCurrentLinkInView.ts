import { useEffect, useRef } from 'react';

/**
 * A menu that scrolls sideways (a centre's menu on a phone) brings its current page's link into view
 * when the page changes, so the member sees where they are without scrolling the menu by hand.
 */
export function useCurrentLinkInView<T extends HTMLElement>(current: string | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const menu = ref.current;
    if (!current || !menu || menu.scrollWidth <= menu.clientWidth) return;
    const link = menu.querySelector<HTMLElement>('[aria-current="page"]');
    if (!link) return;
    // Only the menu moves: scrollIntoView would also scroll the page.
    const shift = link.getBoundingClientRect().left - menu.getBoundingClientRect().left;
    menu.scrollTo({ left: menu.scrollLeft + shift - (menu.clientWidth - link.offsetWidth) / 2 });
  }, [current]);
  return ref;
}
