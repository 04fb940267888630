import { Component, type ReactNode } from 'react';
import { LoadError } from './LoadError';
import { classifyLoadError, type LoadErrorType } from './lazyScreen';

interface State {
  failed: LoadErrorType | null;
}

/** Catches a screen that failed to load (or crashed) and shows the load-error screen instead of a blank. */
export class ScreenBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: classifyLoadError(error) };
  }

  override componentDidCatch(error: unknown) {
    console.error('screen failed', error);
  }

  override render() {
    if (this.state.failed) return <LoadError type={this.state.failed} />;
    return this.props.children;
  }
}
