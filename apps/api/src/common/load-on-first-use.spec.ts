import { loadOnFirstUse } from './load-on-first-use';

describe('loadOnFirstUse', () => {
  it('loads nothing until the first call, then loads once', () => {
    let loads = 0;
    const module = loadOnFirstUse(() => ({ loaded: ++loads }));
    expect(loads).toBe(0);
    expect(module()).toEqual({ loaded: 1 });
    expect(module()).toBe(module());
    expect(loads).toBe(1);
  });

  it('keeps a loaded value that is falsy', () => {
    let loads = 0;
    const module = loadOnFirstUse(() => {
      loads += 1;
      return undefined;
    });
    module();
    module();
    expect(loads).toBe(1);
  });

  it('tries again after a load that threw', () => {
    let attempts = 0;
    const module = loadOnFirstUse(() => {
      attempts += 1;
      if (attempts === 1) throw new Error('not yet');
      return 'ready';
    });
    expect(() => module()).toThrow('not yet');
    expect(module()).toBe('ready');
  });
});
