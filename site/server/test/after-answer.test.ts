// @vitest-environment node
// The tracker of the work done after answering: idle() waits for every piece, and a failure is
// logged, never thrown at the route that answered.
import { describe, expect, it } from 'vitest';
import { AfterAnswer } from '../after-answer.ts';
import type { LogLine } from '../request-log.ts';

/** A promise the test settles by hand. */
function gate() {
  let open!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

/** 'settled' when `promise` settles before the event loop's next turn, else 'pending'. */
const stateOf = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(() => 'settled' as const),
    new Promise<'pending'>((resolve) => setImmediate(() => resolve('pending'))),
  ]);

function tracker() {
  const logs: LogLine[] = [];
  return { logs, afterAnswer: new AfterAnswer((line) => logs.push(line)) };
}

describe('AfterAnswer', () => {
  it('idle() resolves at once when nothing was started', async () => {
    expect(await stateOf(tracker().afterAnswer.idle())).toBe('settled');
  });

  it('starts the work at once, and idle() waits for every piece started so far', async () => {
    const { afterAnswer, logs } = tracker();
    const first = gate();
    const second = gate();
    const started: string[] = [];
    afterAnswer.run('first', async () => {
      started.push('first');
      await first.promise;
    });
    afterAnswer.run('second', async () => {
      started.push('second');
      await second.promise;
    });
    expect(started).toEqual(['first', 'second']);
    const idle = afterAnswer.idle();
    expect(await stateOf(idle)).toBe('pending');
    first.open();
    expect(await stateOf(idle)).toBe('pending');
    second.open();
    expect(await stateOf(idle)).toBe('settled');
    expect(logs).toEqual([]);
  });

  it('idle() also waits for work that a piece started before it settled', async () => {
    const { afterAnswer } = tracker();
    const outer = gate();
    const inner = gate();
    let innerDone = false;
    afterAnswer.run('outer', async () => {
      await outer.promise;
      afterAnswer.run('inner', async () => {
        await inner.promise;
        innerDone = true;
      });
    });
    const idle = afterAnswer.idle();
    outer.open();
    expect(await stateOf(idle)).toBe('pending');
    inner.open();
    await idle;
    expect(innerDone).toBe(true);
  });

  it('logs a failure as "<what> failed: …", whether thrown before or after an await, and carries on', async () => {
    const { afterAnswer, logs } = tracker();
    const late = gate();
    expect(() =>
      afterAnswer.run('password reset', () => {
        throw new Error('store is gone');
      }),
    ).not.toThrow();
    afterAnswer.run('access request', () => late.promise);
    afterAnswer.run('a string thrown', () => Promise.reject('plain text'));
    late.fail(new Error('disk full'));
    await afterAnswer.idle();
    expect(logs.map((line) => line.msg).sort()).toEqual([
      'a string thrown failed: plain text',
      'access request failed: disk full',
      'password reset failed: store is gone',
    ]);
    expect(logs.every((line) => line.level === 'error')).toBe(true);
    // The tracker is empty again: a later idle() does not wait on the failed pieces.
    expect(await stateOf(afterAnswer.idle())).toBe('settled');
  });
});
