/**
 * The games' sounds, synthesised with Web Audio (no recordings, nothing copied) and off until the player
 * turns them on.
 */
let context: AudioContext | null = null;

function audio() {
  if (typeof window === 'undefined' || !('AudioContext' in window)) return null;
  context ??= new AudioContext();
  return context;
}

function tone(frequency: number, ms: number, type: OscillatorType = 'sine', gain = 0.06, delay = 0) {
  const ctx = audio();
  if (!ctx) return;
  const start = ctx.currentTime + delay / 1000;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, start);
  amp.gain.setValueAtTime(gain, start);
  amp.gain.exponentialRampToValueAtTime(0.0001, start + ms / 1000);
  osc.connect(amp).connect(ctx.destination);
  osc.start(start);
  osc.stop(start + ms / 1000 + 0.02);
}

export const sounds = {
  bet: () => tone(420, 70, 'triangle'),
  tick: () => tone(900, 25, 'square', 0.02),
  win: () => {
    tone(660, 120, 'triangle');
    tone(880, 160, 'triangle', 0.06, 90);
  },
  lose: () => tone(180, 180, 'sawtooth', 0.04),
  gem: () => tone(1040, 90, 'sine', 0.05),
  boom: () => {
    tone(90, 300, 'sawtooth', 0.08);
    tone(60, 400, 'square', 0.05, 40);
  },
};

export type SoundName = keyof typeof sounds;

export function play(enabled: boolean, name: SoundName) {
  if (enabled) sounds[name]();
}
