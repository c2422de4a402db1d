import { describe, expect, it, vi } from 'vitest';
import { adoptByName, findUntrackedByName } from '../src/index.ts';

type Tool = { id: string; name: string; description?: string };
const list: Tool[] = [
  { id: 'a', name: 'book', description: 'Book a visit' },
  { id: 'b', name: 'book', description: 'Old' },
  { id: 'c', name: 'cancel' },
];
async function* paged() {
  yield* list;
}

describe('adoptByName', () => {
  const base = {
    name: 'book',
    nameOf: (tool: Tool) => tool.name,
    matches: (tool: Tool) => tool.description === 'Book a visit',
  };

  it('adopts the untracked resource of that name whose content matches, creating nothing', async () => {
    const create = vi.fn(async () => ({ id: 'new', name: 'book' }));
    const outcome = await adoptByName({ ...base, existing: paged(), create });
    expect(outcome).toEqual({ action: 'adopted', resource: list[0] });
    expect(create).not.toHaveBeenCalled();
  });

  it('never adopts a tracked resource; one that differs stops without creating', async () => {
    const create = vi.fn(async () => ({ id: 'new', name: 'book' }));
    const outcome = await adoptByName({ ...base, existing: list, isTracked: (id) => id === 'a', create });
    expect(outcome).toEqual({ action: 'differs', candidates: [list[1]] });
    expect(create).not.toHaveBeenCalled();
  });

  it('creates when no untracked resource has the name', async () => {
    const create = vi.fn(async () => ({ id: 'new', name: 'reschedule' }));
    const outcome = await adoptByName({ ...base, name: 'reschedule', existing: list, create });
    expect(outcome).toEqual({ action: 'created', resource: { id: 'new', name: 'reschedule' } });
    expect(create).toHaveBeenCalledOnce();
  });

  it('findUntrackedByName lists every untracked one of the name, in order', async () => {
    expect(
      await findUntrackedByName({ existing: paged(), name: 'book', nameOf: (tool: Tool) => tool.name }),
    ).toEqual([list[0], list[1]]);
  });
});
