import { useEffect, useState } from 'react';
import { cached } from '../../api/cache';
import { call } from '../../api/client';
import type { GameMenu } from '../../api/contract/games';

let shared: Promise<GameMenu[]> | null = null;

/** Game menus (categories with their vendors), cached for the browser session like the vendor list. */
export function loadGameMenus() {
  shared ??= cached('gameMenus', () => call('gameMenus')).catch((e) => {
    shared = null;
    throw e;
  });
  return shared;
}

export function useGameMenus(): GameMenu[] | null {
  const [menus, setMenus] = useState<GameMenu[] | null>(null);
  useEffect(() => {
    let live = true;
    loadGameMenus()
      .then((m) => live && setMenus(m))
      .catch(() => live && setMenus([]));
    return () => {
      live = false;
    };
  }, []);
  return menus;
}

/** A vendor's name as the menus show it ("Aurora Originals", "Nova Slots"), not its code ("BGS", "NOVA"). */
export function useVendorName() {
  const menus = useGameMenus();
  return (code: string) =>
    menus?.flatMap((m) => m.vendors).find((v) => v.vassalage === code)?.accountTypeName ?? code;
}
