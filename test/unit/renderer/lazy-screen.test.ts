import { describe, expect, it } from 'vitest';
import { lazyScreen } from '../../../src/renderer/src/lib/lazy-screen';

const Page = (props: { name: string }) => props.name;
const REACT_LAZY = Symbol.for('react.lazy');

describe('lazyScreen: a screen in its own chunk, fetched ahead', () => {
  it('renders through React.lazy until its chunk is there, then the screen itself (no suspension)', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads++;
      return { default: Page };
    });
    const before = Screen({ name: 'history' });
    expect((before.type as { $$typeof?: symbol }).$$typeof).toBe(REACT_LAZY);
    await Screen.preload();
    const after = Screen({ name: 'history' });
    expect(after.type).toBe(Page);
    expect(after.props).toEqual({ name: 'history' });
    await Screen.preload();
    expect(loads).toBe(1);
  });

  it('fetches once however many ask at the same time', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads++;
      return { default: Page };
    });
    await Promise.all([Screen.preload(), Screen.preload(), Screen.preload()]);
    expect(loads).toBe(1);
  });

  it('tries again after a failed fetch (the engine restarting, a newer build)', async () => {
    let loads = 0;
    const Screen = lazyScreen(async () => {
      loads++;
      if (loads === 1) throw new Error('chunk not found');
      return { default: Page };
    });
    await expect(Screen.preload()).rejects.toThrow('chunk not found');
    expect((Screen({ name: 'x' }).type as { $$typeof?: symbol }).$$typeof).toBe(REACT_LAZY);
    await Screen.preload();
    expect(loads).toBe(2);
    expect(Screen({ name: 'x' }).type).toBe(Page);
  });
});
