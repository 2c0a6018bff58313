import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../../../src/kit/loadOnce';

describe('loadOnce', () => {
  it('loads once, however often it is asked, and answers the same module', async () => {
    const module = { name: 'rules' };
    const load = vi.fn(() => Promise.resolve(module));
    const rules = loadOnce(load);
    const answers = await Promise.all([rules(), rules(), rules()]);
    expect(await rules()).toBe(module);
    expect(answers).toEqual([module, module, module]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next call', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('loaded');
    const module = loadOnce(load);
    await expect(module()).rejects.toThrow('offline');
    expect(await module()).toBe('loaded');
    expect(await module()).toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
