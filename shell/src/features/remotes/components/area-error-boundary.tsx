import type { RemoteDefinition } from '@dblearn/federation';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { UnavailablePanel } from './unavailable-panel.js';

interface AreaErrorBoundaryProps {
  remote: RemoteDefinition;
  onRetry: () => void;
  children: ReactNode;
}

interface AreaErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * Catches whatever goes wrong in one area — its manifest or chunks failing to load, or the remote
 * throwing while it renders — so the navbar, the footer and the other areas keep working.
 * The parent gives each attempt a new key, which starts a fresh boundary.
 */
export class AreaErrorBoundary extends Component<AreaErrorBoundaryProps, AreaErrorBoundaryState> {
  override state: AreaErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): AreaErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`The ${this.props.remote.name} area failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return <UnavailablePanel remote={this.props.remote} error={this.state.error} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}
