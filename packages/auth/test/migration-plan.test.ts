import { describe, expect, it } from 'vitest';
import { runMigrations } from '../src/migration-plan.ts';

const MIGRATIONS = ['one', 'two', 'three', 'four'];

describe('runMigrations (the one runner of both stores)', () => {
  it('applies what follows the current version, in order, and says which versions it applied', () => {
    const seen: string[] = [];
    const applied = runMigrations(
      1,
      MIGRATIONS,
      (migration, version) => void seen.push(`${version}:${migration}`),
    );
    expect(applied).toEqual([2, 3, 4]);
    expect(seen).toEqual(['2:two', '3:three', '4:four']);
    expect(runMigrations(4, MIGRATIONS, () => expect.unreachable())).toEqual([]);
  });

  it('refuses a database newer than the code, applying nothing', () => {
    const seen: number[] = [];
    expect(() => runMigrations(5, MIGRATIONS, (_, version) => void seen.push(version))).toThrow(
      'The database schema (version 5) is newer than this Voxdesk (version 4). Upgrade Voxdesk.',
    );
    expect(seen).toEqual([]);
  });

  it('stops at the first failure and rethrows it: nothing after it runs', () => {
    const seen: number[] = [];
    const broken = new Error('syntax error');
    expect(() =>
      runMigrations(0, MIGRATIONS, (_, version) => {
        if (version === 2) throw broken;
        seen.push(version);
      }),
    ).toThrow(broken);
    expect(seen).toEqual([1]);
  });

  it('an async apply: each migration starts only once the one before it has finished', async () => {
    const log: string[] = [];
    const finish: (() => void)[] = [];
    const run = runMigrations(2, MIGRATIONS, async (migration) => {
      log.push(`start ${migration}`);
      await new Promise<void>((resolve) => finish.push(resolve));
      log.push(`end ${migration}`);
    });
    expect(log).toEqual(['start three']);
    await Promise.resolve();
    expect(log).toEqual(['start three']);
    finish.shift()!();
    await expect.poll(() => log).toEqual(['start three', 'end three', 'start four']);
    finish.shift()!();
    expect(await run).toEqual([3, 4]);
    expect(log).toEqual(['start three', 'end three', 'start four', 'end four']);
  });

  it('an async apply that fails rejects the run, and the migrations after it never start', async () => {
    const seen: number[] = [];
    const run = runMigrations(0, MIGRATIONS, async (_, version) => {
      seen.push(version);
      if (version === 3) throw new Error('lock timeout');
    });
    await expect(run).rejects.toThrow('lock timeout');
    expect(seen).toEqual([1, 2, 3]);
  });
});
