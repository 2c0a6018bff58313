import { type ComponentType, createElement, type FunctionComponent, lazy, useState } from 'react';

/** A component whose code loads on demand, and can be loaded ahead of its first drawing. */
export interface Preloadable<P extends object> extends FunctionComponent<P> {
  /** Loads the component's module once; resolves when the component can be drawn without waiting. */
  preload: () => Promise<void>;
}

/**
 * React.lazy with a `preload`, which a router calls before drawing the page. React.lazy suspends on its first
 * drawing even when its module is already there, and React 19 holds back the content that replaces a
 * Suspense fallback until 300 ms after the fallback appeared: every lazy page of a first load, and every lazy
 * tab opened by a click, would show up at least 300 ms late. A preloadable component whose code is loaded
 * when it is first drawn draws at once; one whose code is not is drawn through React.lazy, as before. (A
 * failed load can be tried again.)
 */
export const preloadable = <P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> => {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = (): Promise<void> => {
    if (!loading) {
      const attempt = load().then((component) => {
        loaded = component;
      });
      attempt.catch(() => {
        if (loading === attempt) loading = undefined;
      });
      loading = attempt;
    }
    return loading;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  const Preloaded = (props: P) => {
    // Each drawing keeps the way it started with, so that the component is never swapped under its state.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  };
  return Object.assign(Preloaded, { preload });
};

/** The `preload` of a component made by `preloadable`, if it is one. */
export const preloadOf = (component: unknown): (() => Promise<void>) | undefined =>
  typeof component === 'function' && 'preload' in component && typeof component.preload === 'function'
    ? (component.preload as () => Promise<void>)
    : undefined;
