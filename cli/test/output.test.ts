import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { palette } from '../src/output/color.ts';
import { resourceSpec } from '../src/commands/resources/catalog.ts';
import { renderRecord, renderTable } from '../src/output/table.ts';
import { relativeTime } from '../src/output/time.ts';

const now = new Date('2026-11-21T12:00:00.000Z');
const columns = resourceSpec('assistants').columns;
const items = [
  {
    id: 'a1',
    name: 'Reception',
    model: { provider: 'openai', model: 'gpt-4o' },
    createdAt: '2026-11-21T11:57:00.000Z',
  },
  { id: 'a2', name: 'After\thours\nline', createdAt: '2026-11-18T12:00:00.000Z' },
];

describe('tables', () => {
  it('aligns columns with a header and relative times on a terminal', () => {
    const text = renderTable(columns, items, { tty: true, width: 100, now, colors: palette(false) });
    expect(text).toBe(
      [
        'ID  NAME              MODEL          CREATED',
        'a1  Reception         openai/gpt-4o  3 minutes ago',
        'a2  After hours line                 3 days ago',
        '',
      ].join('\n'),
    );
  });

  it('prints tab-separated rows with ISO times and no header when piped', () => {
    const text = renderTable(columns, items, { tty: false, width: 20, now, colors: palette(true) });
    expect(text).toBe(
      'a1\tReception\topenai/gpt-4o\t2026-11-21T11:57:00.000Z\na2\tAfter hours line\t\t2026-11-18T12:00:00.000Z\n',
    );
  });

  it('shrinks the name column to fit a narrow terminal', () => {
    const long = [{ id: 'a1', name: 'A very long assistant name indeed', createdAt: now.toISOString() }];
    const text = renderTable(columns, long, { tty: true, width: 40, now, colors: palette(false) });
    for (const line of text.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(40);
    expect(text).toContain('…');
  });

  it('bolds the header only when colour is on', () => {
    const text = renderTable(columns, items, { tty: true, width: 100, now, colors: palette(true) });
    expect(text.startsWith('\u001b[1mID')).toBe(true);
  });

  it('shows one record as field/value lines on a terminal, one TSV row when piped', () => {
    expect(renderRecord(columns, items[0]!, { tty: true, width: 80, now, colors: palette(false) })).toBe(
      'ID       a1\nNAME     Reception\nMODEL    openai/gpt-4o\nCREATED  3 minutes ago\n',
    );
    expect(renderRecord(columns, items[0]!, { tty: false, width: 80, now, colors: palette(false) })).toBe(
      'a1\tReception\topenai/gpt-4o\t2026-11-21T11:57:00.000Z\n',
    );
  });

  it('says relative times in words', () => {
    expect(relativeTime('2026-11-21T11:59:50.000Z', now)).toBe('just now');
    expect(relativeTime('2026-11-21T10:00:00.000Z', now)).toBe('2 hours ago');
    expect(relativeTime('2025-11-01T10:00:00.000Z', now)).toBe('last year');
    expect(relativeTime('not a date', now)).toBe('not a date');
  });
});

describe('tables fit the terminal (defect 3)', () => {
  const calls = resourceSpec('calls').columns;
  const call = (n: number) => ({
    id: `0b6f5c4e-8d1a-4c2b-9e7f-3a5d6c7b8e9${n}`,
    type: 'outboundPhoneCall',
    status: 'in-progress',
    customer: { number: '+61400000000' },
    assistantId: '7c9e2f41-5a3b-4d6e-8f10-2b4c6d8e0a1f',
    createdAt: '2026-11-21T11:57:00.000Z',
  });
  const render = (width: number, list: Record<string, unknown>[], cols = calls) =>
    renderTable(cols, list, { tty: true, width, now, colors: palette(false) });

  it.each([80, 100])(
    'at %i columns drops low-value columns, cutting no id, number, status or time',
    (width) => {
      const text = render(width, [call(1), call(2)]);
      const lines = text.trimEnd().split('\n');
      for (const line of lines) expect(stringWidth(line)).toBeLessThanOrEqual(width);
      // TYPE goes first, then the assistant id; nothing is cut with an ellipsis.
      expect(lines[0]!.split(/ {2,}/)).toEqual(['ID', 'STATUS', 'CUSTOMER', 'CREATED']);
      expect(lines[1]!.split(/ {2,}/)).toEqual([call(1).id, 'in-progress', '+61400000000', '3 minutes ago']);
      expect(text).not.toContain('…');
    },
  );

  it('shows every column when they fit, and drops a column no row fills', () => {
    expect(
      render(140, [call(1)])
        .split('\n')[0]!
        .split(/ {2,}/),
    ).toEqual(['ID', 'TYPE', 'STATUS', 'CUSTOMER', 'ASSISTANT', 'CREATED']);
    const web = { ...call(1), type: 'webCall', customer: undefined };
    expect(render(140, [web]).split('\n')[0]!.split(/ {2,}/)).toEqual([
      'ID',
      'TYPE',
      'STATUS',
      'ASSISTANT',
      'CREATED',
    ]);
  });

  it('never cuts a status or a number, even when the terminal must wrap', () => {
    const text = render(40, [call(1)]);
    expect(text).toContain('in-progress');
    expect(text).toContain('+61400000000');
    expect(text).toContain(call(1).id);
  });

  it('measures wide characters and emoji by display width, keeping columns aligned', () => {
    const wide = [
      {
        id: 'a1',
        name: '受付アシスタント 📞',
        model: { provider: 'openai', model: 'gpt-4o' },
        createdAt: now.toISOString(),
      },
      {
        id: 'a2',
        name: 'Reception',
        model: { provider: 'openai', model: 'gpt-4o' },
        createdAt: now.toISOString(),
      },
    ];
    const lines = render(100, wide, columns).trimEnd().split('\n');
    const modelAt = (line: string) => stringWidth(line.slice(0, line.indexOf('openai')));
    expect(modelAt(lines[1]!)).toBe(modelAt(lines[2]!));
    const narrow = render(30, wide, columns).trimEnd().split('\n');
    for (const line of narrow) expect(stringWidth(line)).toBeLessThanOrEqual(30);
  });
});
