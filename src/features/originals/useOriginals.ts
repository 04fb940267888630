import { useCallback, useEffect, useState } from 'react';
import { call } from '../../api/client';
import type { OriginalsGameSettings, OriginalsSettings } from '../../api/contract/originals';
import type { OriginalGame } from '../../originals/outcome';
import { formatDecimal, pageLanguage } from '../../ui/format';

let settings: Promise<OriginalsSettings> | null = null;

/** The games' settings and tables, fetched once per page (the server caches them too). */
export function loadOriginalsSettings(fresh = false) {
  if (fresh || !settings)
    settings = call('originalsSettings').catch((error: unknown) => {
      settings = null;
      throw error;
    });
  return settings;
}

export function useOriginalsSettings() {
  const [value, setValue] = useState<OriginalsSettings | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadOriginalsSettings().then(
      (s) => live && setValue(s),
      (e: { code?: string }) => live && setFailed(e.code ?? 'UNKNOWN'),
    );
    return () => {
      live = false;
    };
  }, []);
  return { settings: value, failed };
}

export const gameSettingsOf = (settings: OriginalsSettings, game: OriginalGame): OriginalsGameSettings =>
  settings.games.find((g) => g.game === game)!;

/** A switch the player sets once and keeps on this browser (animation, sound, hotkeys). */
export function usePreference(name: 'instant' | 'sound' | 'hotkeys', initial: boolean) {
  const key = `originals.${name}`;
  const [value, setValue] = useState<boolean>(() => {
    try {
      const stored = localStorage.getItem(key);
      return stored === null ? initial : stored === '1';
    } catch {
      return initial;
    }
  });
  const set = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        localStorage.setItem(key, next ? '1' : '0');
      } catch {
        // Private windows may refuse storage: the switch still works for this page.
      }
    },
    [key],
  );
  return [value, set] as const;
}

/**
 * A multiplier kept in ten-thousandths, as text in the page's language: 19800 → "1,98" in PT. Without
 * grouping: the games put it in fields the player edits, and read it back with either separator.
 */
export function formatMultiplier(tenThousandths: number, digits = 2) {
  return formatDecimal(tenThousandths / 10_000, digits, pageLanguage(), { grouping: false });
}

/** A multiplier or a percentage kept in hundredths, as text in the page's language: 198 → "1,98" in PT. */
export const formatHundredths = (h: number) => formatDecimal(h / 100, 2, pageLanguage(), { grouping: false });
