import { describe, expect, it, vi } from 'vitest';
import { run } from '../src/index.ts';

describe('voxdesk', () => {
  it('prints its version and exits 0', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await expect(run(['--version'])).resolves.toBe(0);
    expect(log).toHaveBeenCalledWith('0.1.0');
    log.mockRestore();
  });
});
