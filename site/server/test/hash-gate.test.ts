// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { GateFullError, HashGate, SERVER_BUSY } from '../hash-gate.ts';

/** A task that runs until released, recording when it started. */
function controllable(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => (log.push(name), done), release: () => release() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('HashGate', () => {
  it('runs at most `concurrency` tasks; waiters start lowest priority first, then in arrival order', async () => {
    const gate = new HashGate({ concurrency: 2, reserved: 0, freshUpTo: 0, maxQueue: 10 });
    const log: string[] = [];
    const tasks = Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((n) => [n, controllable(log, n)]));
    const runs = [
      gate.run(0, tasks.a!.task),
      gate.run(0, tasks.b!.task),
      gate.run(9, tasks.c!.task), // an address that has been guessing
      gate.run(1, tasks.d!.task),
      gate.run(1, tasks.e!.task),
    ];
    await tick();
    expect(log).toEqual(['a', 'b']);
    tasks.a!.release();
    await tick();
    expect(log).toEqual(['a', 'b', 'd']);
    tasks.b!.release();
    tasks.d!.release();
    await tick();
    await tick();
    expect(log).toEqual(['a', 'b', 'd', 'e', 'c']);
    tasks.e!.release();
    tasks.c!.release();
    await Promise.all(runs);
  });

  it('when the queue is full, refuses the worst-placed waiter at once with a retry hint', async () => {
    const gate = new HashGate({ concurrency: 1, reserved: 0, freshUpTo: 0, maxQueue: 2 });
    const log: string[] = [];
    const running = controllable(log, 'running');
    const first = gate.run(0, running.task);
    const guesser = gate.run(30, async () => log.push('guesser'));
    const fresh1 = gate.run(1, async () => log.push('fresh1'));
    // Queue full (guesser, fresh1): a fresh address arrives and the guesser is refused.
    const fresh2 = gate.run(1, async () => log.push('fresh2'));
    await expect(guesser).rejects.toBeInstanceOf(GateFullError);
    await expect(guesser).rejects.toMatchObject({ message: SERVER_BUSY, retryAfterSeconds: 1 });
    await expect(guesser).rejects.toMatchObject({ name: 'GateFullError' });
    expect(SERVER_BUSY).toBe('The server is busy checking other logins. Please try again in a moment.');
    // Full again with equals: the newcomer with the worst place (last) is the one refused.
    await expect(gate.run(1, async () => log.push('late'))).rejects.toBeInstanceOf(GateFullError);
    running.release();
    await Promise.all([first, fresh1, fresh2]);
    expect(log).toEqual(['running', 'fresh1', 'fresh2']);
  });

  it('frees its slot when a task fails', async () => {
    const gate = new HashGate({ concurrency: 1, reserved: 0, freshUpTo: 0, maxQueue: 1 });
    await expect(gate.run(0, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(0, async () => 'next')).toBe('next');
  });

  it('lets a fresh address use the reserved slot while guessers fill the others', async () => {
    const gate = new HashGate({ concurrency: 1, reserved: 1, freshUpTo: 3, maxQueue: 5 });
    const log: string[] = [];
    const guessing = controllable(log, 'guesser');
    const held = gate.run(20, guessing.task);
    const queued = gate.run(20, async () => log.push('guesser 2'));
    await tick();
    // A second guesser waits; a fresh address (2 attempts) starts at once in the reserved slot.
    expect(await gate.run(2, async () => (log.push('fresh'), 'in'))).toBe('in');
    expect(log).toEqual(['guesser', 'fresh']);
    guessing.release();
    await Promise.all([held, queued]);
    expect(log).toEqual(['guesser', 'fresh', 'guesser 2']);
  });

  it('a fresh address takes the reserved slot up to `freshUpTo` attempts, one at a time', async () => {
    const gate = new HashGate({ concurrency: 1, reserved: 1, freshUpTo: 3, maxQueue: 5 });
    const log: string[] = [];
    const guessing = controllable(log, 'guesser');
    const held = gate.run(20, guessing.task);
    const fresh = controllable(log, 'fresh 3');
    // 3 attempts is still fresh: it starts at once beside the guesser.
    const inReserved = gate.run(3, fresh.task);
    // 4 attempts is not; and a second fresh one waits while the reserved slot is taken.
    const four = gate.run(4, async () => log.push('four'));
    const another = gate.run(0, async () => log.push('another fresh'));
    await tick();
    expect(log).toEqual(['guesser', 'fresh 3']);
    // The reserved slot is free again once its task ends: a fresh address uses it at once.
    fresh.release();
    await inReserved;
    expect(await gate.run(1, async () => (log.push('fresh again'), 'in'))).toBe('in');
    expect(log).toEqual(['guesser', 'fresh 3', 'fresh again']);
    guessing.release();
    await Promise.all([held, four, another]);
    expect(log).toEqual(['guesser', 'fresh 3', 'fresh again', 'another fresh', 'four']);
  });

  it('a lane (an account) holds at most `laneLimit` places, and gets each back when its task ends', async () => {
    const gate = new HashGate({ concurrency: 2, reserved: 0, freshUpTo: 0, maxQueue: 5, laneLimit: 2 });
    const log: string[] = [];
    const a = controllable(log, 'a');
    const b = controllable(log, 'b');
    const runs = [gate.run(0, a.task, 'owner@x'), gate.run(0, b.task, 'owner@x')];
    expect(gate.lanesHeld).toBe(1);
    await expect(gate.run(0, async () => 'c', 'owner@x')).rejects.toMatchObject({
      message: SERVER_BUSY,
      retryAfterSeconds: 1,
    });
    // Another lane, or no lane, is not affected.
    expect(
      await Promise.race([gate.run(0, async () => 'other lane', 'other@x'), tick().then(() => 'waits')]),
    ).toBe('waits');
    a.release();
    await runs[0];
    // One place back: one more enters the lane, the next is refused again.
    const d = controllable(log, 'd');
    runs.push(gate.run(0, d.task, 'owner@x'));
    await expect(gate.run(0, async () => 'e', 'owner@x')).rejects.toBeInstanceOf(GateFullError);
    b.release();
    d.release();
    await Promise.all(runs);
    // Every lane's last task ended: none is remembered (one per account ever seen would pile up).
    expect(gate.lanesHeld).toBe(0);
    // All back: the lane takes two again, also after a task that failed.
    await expect(gate.run(0, async () => Promise.reject(new Error('boom')), 'owner@x')).rejects.toThrow(
      'boom',
    );
    expect(
      await Promise.all([gate.run(0, async () => 1, 'owner@x'), gate.run(0, async () => 2, 'owner@x')]),
    ).toEqual([1, 2]);
  });

  it('by default: one hash, one more for an address with at most 3 attempts, 6 waiting, 2 per lane', async () => {
    const gate = new HashGate();
    const log: string[] = [];
    const running = controllable(log, 'running');
    const fresh = controllable(log, 'fresh');
    const runs = [gate.run(9, running.task), gate.run(3, fresh.task)];
    // Two per lane, waiting included.
    const laned = [
      gate.run(9, async () => log.push('lane 1'), 'acct'),
      gate.run(9, async () => log.push('lane 2'), 'acct'),
    ];
    await expect(gate.run(9, async () => 'lane 3', 'acct')).rejects.toBeInstanceOf(GateFullError);
    const waiting = [...laned, ...[1, 2, 3, 4].map((n) => gate.run(9, async () => log.push(`wait ${n}`)))];
    await tick();
    expect(log).toEqual(['running', 'fresh']);
    // 6 wait (the two laned and four more); a seventh is refused.
    await expect(gate.run(9, async () => 'seventh')).rejects.toBeInstanceOf(GateFullError);
    running.release();
    fresh.release();
    await Promise.all([...runs, ...waiting]);
    expect(log).toEqual(['running', 'fresh', 'lane 1', 'lane 2', 'wait 1', 'wait 2', 'wait 3', 'wait 4']);
  });
});
