import type { DehydratedState } from '@tanstack/react-query';
import type { Session } from '@northstar/shell-sdk';

/**
 * What the server render hands the browser with the page (apps/shell/src/server/render.tsx), in a
 * `<script type="application/json" id="ns-state">`: hydration starts from exactly the state the
 * server rendered with, so the first client render matches the HTML.
 */
export interface ServerState {
  locale: string;
  session: Session;
  /** TanStack Query's dehydrated cache: the data the page fetched on the server. */
  queries: DehydratedState;
  /** The router's loader data and errors by route id (React Router's hydration data). */
  loaderData: Record<string, unknown>;
  errors: Record<string, unknown> | null;
  /** Remotes whose page the server left to the browser (missing or broken server entry). */
  clientOnlyRemotes: string[];
}

export const SERVER_STATE_ID = 'ns-state';

/** The state the server rendered the page with; null for a page the server did not render. */
export function readServerState(doc: Pick<Document, 'getElementById'>): ServerState | null {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}

/** The remotes the server rendered no page for; read by `RemotePage` during hydration only. */
export const clientOnlyRemotes = new Set<string>();
