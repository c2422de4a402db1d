import { describe, expect, it } from 'vitest';
import { refreshedTable } from './unit-durations.ts';
import { orderByDuration } from './unit-order.ts';

const file = (project: string, name: string) => ({ project, file: `${project}/test/${name}.test.ts` });
const names = (files: { file: string }[]) => files.map((f) => f.file);

describe('unit test order', () => {
  it("keeps each project's files together, the longest project first and its longest file first", () => {
    const files = [
      file('auth', 'short'),
      file('site-server', 'quick'),
      file('auth', 'long'),
      file('site-server', 'mail'),
      file('site-server', 'start'),
      file('cli', 'only'),
    ];
    const table = {
      'auth/test/short.test.ts': 1,
      'auth/test/long.test.ts': 9, // auth: 10 s in all, the longest file of all
      'site-server/test/quick.test.ts': 0.5,
      'site-server/test/mail.test.ts': 8,
      'site-server/test/start.test.ts': 6, // site-server: 14.5 s in all
      'cli/test/only.test.ts': 3,
    };
    expect(names(orderByDuration(files, table))).toEqual([
      'site-server/test/mail.test.ts',
      'site-server/test/start.test.ts',
      'site-server/test/quick.test.ts',
      'auth/test/long.test.ts',
      'auth/test/short.test.ts',
      'cli/test/only.test.ts',
    ]);
  });

  it('starts files the table does not know first, and their project first', () => {
    const files = [file('auth', 'known'), file('sdk', 'known'), file('sdk', 'new'), file('sdk', 'long')];
    const table = { 'auth/test/known.test.ts': 50, 'sdk/test/known.test.ts': 1, 'sdk/test/long.test.ts': 2 };
    expect(names(orderByDuration(files, table))).toEqual([
      'sdk/test/new.test.ts',
      'sdk/test/long.test.ts',
      'sdk/test/known.test.ts',
      'auth/test/known.test.ts',
    ]);
  });

  it('breaks ties by name, so the glob order never changes the schedule', () => {
    const files = [file('b', 'y'), file('a', 'z'), file('b', 'x'), file('a', 'w')];
    const table = {
      'a/test/z.test.ts': 1,
      'a/test/w.test.ts': 1,
      'b/test/y.test.ts': 1,
      'b/test/x.test.ts': 1,
    };
    const expected = ['a/test/w.test.ts', 'a/test/z.test.ts', 'b/test/x.test.ts', 'b/test/y.test.ts'];
    expect(names(orderByDuration(files, table))).toEqual(expected);
    expect(names(orderByDuration([...files].reverse(), table))).toEqual(expected);
  });

  it('refreshes the table from a report: new seconds win, unrun files keep theirs, gone files leave', () => {
    const old = { 'sdk/test/a.test.ts': 4, 'sdk/test/b.test.ts': 2, 'sdk/test/gone.test.ts': 9 };
    const measured = [
      { file: 'sdk/test/b.test.ts', seconds: 3.14159 },
      { file: 'cli/test/new.test.ts', seconds: 0.04 },
    ];
    const table = refreshedTable(old, measured, (f) => !f.includes('gone'));
    expect(table).toEqual({ 'cli/test/new.test.ts': 0, 'sdk/test/a.test.ts': 4, 'sdk/test/b.test.ts': 3.1 });
    expect(Object.keys(table)).toEqual(['cli/test/new.test.ts', 'sdk/test/a.test.ts', 'sdk/test/b.test.ts']);
  });
});
