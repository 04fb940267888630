import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen } from '../../src/features/common/lazyScreen';

const Hello = ({ name }: { name: string }) => <p>hello {name}</p>;

describe('lazy screens', () => {
  it('renders a preloaded screen at once, without its loading step', async () => {
    const loader = vi.fn(async () => ({ default: Hello }));
    const Screen = lazyScreen(loader);
    await Screen.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen name="home" />
      </Suspense>,
    );
    // Synchronously, in the first commit: no fallback shown first.
    expect(screen.getByText('hello home')).toBeInTheDocument();
    expect(screen.queryByText('loading')).toBeNull();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('loads a screen not preloaded behind its loading step, once', async () => {
    let arrive!: (m: { default: typeof Hello }) => void;
    const loader = vi.fn(() => new Promise<{ default: typeof Hello }>((resolve) => (arrive = resolve)));
    const Screen = lazyScreen(loader);
    const { rerender } = render(
      <Suspense fallback={<p>loading</p>}>
        <Screen name="a" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    await act(async () => arrive({ default: Hello }));
    expect(await screen.findByText('hello a')).toBeInTheDocument();
    rerender(
      <Suspense fallback={<p>loading</p>}>
        <Screen name="b" />
      </Suspense>,
    );
    expect(screen.getByText('hello b')).toBeInTheDocument();
    await Screen.preload();
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('a preload that failed leaves the screen to try again when it renders', async () => {
    const loader = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))
      .mockResolvedValue({ default: Hello });
    const Screen = lazyScreen(loader);
    await Screen.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Screen name="again" />
      </Suspense>,
    );
    expect(await screen.findByText('hello again')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });
});
