import { Component, type ErrorInfo, type ReactNode } from 'react';

interface RegionErrorBoundaryProps {
  /** What the region shows instead when anything inside it failed to load or threw. */
  fallback: ReactNode;
  /** Names the region in the console, e.g. the federated id. */
  region: string;
  children: ReactNode;
}

/**
 * Keeps a failure inside its region (a remote screen, a federated widget): the rest of the page
 * goes on. Give it a new `key` to try the region again.
 */
export class RegionErrorBoundary extends Component<RegionErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[FolioForge] ${this.props.region} failed:`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
