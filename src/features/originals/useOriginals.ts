import { useCallback, useEffect, useState } from 'react';
import { call } from '../../api/client';
import type { OriginalsGameSettings, OriginalsSettings } from '../../api/contract/originals';
import type { OriginalGame } from '../../originals/outcome';

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

/** A multiplier kept in ten-thousandths, as text: 19800 → "1.98". */
export function formatMultiplier(tenThousandths: number, digits = 2) {
  const value = tenThousandths / 10_000;
  return value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });
}

/** A multiplier kept in hundredths, as text: 198 → "1.98". */
export const formatHundredths = (h: number) => (h / 100).toFixed(2);
