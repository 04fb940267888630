import { useSyncExternalStore } from 'react';
import { ODDS_FORMATS, type OddsFormat } from '../../sports/price';

/** The member's odds format, kept on this device (a display choice, not an account setting). */
const KEY = 'aurora.oddsFormat';
const listeners = new Set<() => void>();

function read(): OddsFormat {
  try {
    const v = localStorage.getItem(KEY);
    return (ODDS_FORMATS as readonly string[]).includes(v ?? '') ? (v as OddsFormat) : 'decimal';
  } catch {
    return 'decimal';
  }
}

export function setOddsFormat(format: OddsFormat) {
  try {
    localStorage.setItem(KEY, format);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  current = format;
  for (const l of listeners) l();
}

let current: OddsFormat | null = null;

export function useOddsFormat(): OddsFormat {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => {
      current ??= read();
      return current;
    },
    () => 'decimal',
  );
}
