/**
 * "Open the live chat", asked by the support page of whatever chat the live-chat slot has started
 * (live-chat.tsx). The slot comes after the page has loaded: a request made before it is ready
 * waits for it. Module state, one per page.
 */
let opener: (() => void) | null = null;
let pending = false;

export function requestLiveChat(): void {
  if (opener) opener();
  else pending = true;
}

/** The slot's side: `open` answers every request from now on, and one made before it came. */
export function answerLiveChatRequests(open: () => void): () => void {
  opener = open;
  if (pending) {
    pending = false;
    open();
  }
  return () => {
    if (opener === open) opener = null;
  };
}
