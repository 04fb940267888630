import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { call } from '../../api/client';
import type { OriginalsBet, OriginalsBetBody, OriginalsSettings } from '../../api/contract/originals';
import { inspectOptions } from '../../machines/inspect';
import {
  type AutoConfig,
  originalsBetMachine,
  type WagerRequest,
} from '../../machines/originals-bet.machine';
import type { Attempt } from '../../machines/request-attempt';
import { useLiveBalance } from '../session/member-events';
import { useSession } from '../session/session';
import { DEFAULT_AUTO } from './AutoForm';
import { play } from './sound';
import { gameSettingsOf, usePreference } from './useOriginals';

type InstantGameCode = OriginalsBetBody['game'];

/**
 * An instant game's state: the bet machine with its effect (the bet call), the stake, auto-bet's
 * settings, the switches, and the balance (live from the socket, and from each bet's answer).
 */
export function useInstantGame(game: InstantGameCode, settings: OriginalsSettings) {
  const session = useSession();
  const gameSettings = gameSettingsOf(settings, game);
  const machine = useMemo(
    () =>
      originalsBetMachine.provide({
        actors: {
          placeBet: fromPromise<OriginalsBet, Attempt<WagerRequest>>(({ input }) =>
            call('originalsBet', {
              body: {
                game,
                requestId: input.requestId,
                stake: input.request.stake,
                ...input.request.params,
              } as OriginalsBetBody,
            }),
          ),
        },
      }),
    [game],
  );
  const [state, send] = useMachine(machine, inspectOptions());
  const [instant, setInstant] = usePreference('instant', false);
  const [sound, setSound] = usePreference('sound', false);
  const [hotkeys, setHotkeys] = usePreference('hotkeys', false);
  const [stake, setStake] = useState(Math.max(gameSettings.minBet, 100));
  const [mode, setMode] = useState<'manual' | 'auto'>('manual');
  const [auto, setAuto] = useState<AutoConfig>(DEFAULT_AUTO);
  const live = useLiveBalance(session.kind !== 'guest');
  const last = state.context.last;
  // Whichever came last: a bet's own answer, or the socket's push (a deposit, another tab's bet).
  const [balance, setBalance] = useState<number | null>(null);
  useEffect(() => {
    if (live) setBalance(live.balance);
  }, [live]);
  useEffect(() => {
    if (last) setBalance(last.balance);
  }, [last]);

  useEffect(() => {
    send({ type: 'SET_INSTANT', instant });
  }, [instant, send]);
  // Auto-bet follows its own stake; the field shows it as it goes.
  const autoStake = state.context.nextStake;
  const running = state.hasTag('auto');
  useEffect(() => {
    if (running && autoStake > 0) setStake(autoStake);
  }, [running, autoStake]);

  const sounded = useRef<number | null>(null);
  useEffect(() => {
    if (!last || sounded.current === last.id || state.hasTag('showing')) return;
    sounded.current = last.id;
    play(sound, last.payout > last.stake ? 'win' : 'lose');
  }, [last, sound, state]);

  return {
    state,
    send,
    session,
    gameSettings,
    stake,
    setStake,
    mode,
    setMode,
    auto,
    setAuto,
    balance,
    switches: { instant, setInstant, sound, setSound, hotkeys, setHotkeys },
  };
}

export type InstantGameState = ReturnType<typeof useInstantGame>;
