import { Component, type ReactNode } from 'react';

/**
 * A part the page can do without (the lobby rows of a remote that is down, the after-load parts
 * whose chunk did not come) that fails leaves no hole and no error page: it draws nothing (§8
 * soft failure), instead of taking the route to its error page. `name` says which part it is
 * (React's dev tools show it).
 */
export class QuietBoundary extends Component<
  { name: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
