import { Component, type ReactNode } from 'react';
import { msg } from '../messages';

interface State {
  failed: boolean;
}

/** Catches a page that failed to load (a lost connection mid-download) and offers a reload. */
export class ChunkErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="patio-fatal" role="alert">
        <p>{msg.bootError}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {msg.retry}
        </button>
      </div>
    );
  }
}
