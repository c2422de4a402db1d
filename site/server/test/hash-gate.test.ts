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
});
