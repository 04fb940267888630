import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PhoneProof } from '../../src/api/contract/identity';
import {
  type PhoneVerificationResult,
  phoneVerificationMachine,
} from '../../src/machines/phone-verification.machine';
import { requiredActor } from '../../src/machines/required-actor';
import { machinePaths, replay } from './graph-paths';

const proof: PhoneProof = {
  countryDialingCode: '55',
  mobileNum: '21988887766',
  proof: 'p'.repeat(43),
  verifiedBy: 'Aurora Demo ID',
};
const machine = phoneVerificationMachine.provide({ actors: { verifyInWindow: requiredActor('t') } });
const input = { providerCode: 'aurora-phone' };
const events = [
  { type: 'VERIFY' },
  { type: 'CANCEL' },
  { type: 'RESET' },
  { type: 'DISMISS' },
  { type: 'xstate.done.actor.verifyInWindow', output: { type: 'VERIFIED', proof } },
  { type: 'xstate.done.actor.verifyInWindow', output: { type: 'FAILED', code: 'PHONE_NOT_VERIFIED' } },
  { type: 'xstate.error.actor.verifyInWindow', error: { code: 'PHONE_POPUP_BLOCKED' } },
] as never[];
const serializeState = (s: { value: unknown; context: { errorCode: string | null } }) =>
  `${JSON.stringify(s.value)}#${s.context.errorCode}`;

describe('phone verification machine (graph-generated paths)', () => {
  const { statePaths, transitionPaths, reachable } = machinePaths(machine, { events, input, serializeState });

  it('reaches verified, and the refusals the form shows', () => {
    for (const s of [
      '"verifying"#null',
      '"verified"#null',
      '"idle"#PHONE_NOT_VERIFIED',
      '"idle"#PHONE_POPUP_BLOCKED',
    ])
      expect(reachable).toContain(s);
  });

  it.each([...statePaths, ...transitionPaths].map((p) => [p.description, p] as const))('%s', (_, path) => {
    const end = replay(machine, path, { input });
    // The proof is held only while verified: the form sends it then, and never an old one.
    expect(end.context.verified !== null).toBe(end.matches('verified'));
    if (end.matches('verified')) expect(end.context.verified).toEqual(proof);
    expect(end.hasTag('busy')).toBe(end.matches('verifying'));
  });

  it("opens the brand's provider, and stops waiting when the member cancels", async () => {
    const opened: string[] = [];
    let aborted = false;
    const actor = createActor(
      phoneVerificationMachine.provide({
        actors: {
          verifyInWindow: fromPromise<PhoneVerificationResult, { code: string }>(({ input, signal }) => {
            opened.push(input.code);
            return new Promise((_, reject) =>
              signal.addEventListener('abort', () => {
                aborted = true;
                reject(new Error('cancelled'));
              }),
            );
          }),
        },
      }),
      { input },
    );
    actor.start();
    actor.send({ type: 'VERIFY' });
    // Opened again (the member closed the window): a new window, the first wait dropped.
    actor.send({ type: 'VERIFY' });
    expect(opened).toEqual(['aurora-phone', 'aurora-phone']);
    expect(aborted).toBe(true);
    aborted = false;
    actor.send({ type: 'CANCEL' });
    expect(aborted).toBe(true);
    await Promise.resolve();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.errorCode).toBeNull();
    actor.stop();
  });
});
