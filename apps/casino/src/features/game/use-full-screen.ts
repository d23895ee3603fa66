import { useCallback, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import {
  fullScreenButtonVisible,
  fullScreenMethod,
  readDisplayEnvironment,
  type FullScreenVisibility,
} from './full-screen.ts';

const subscribeNothing = () => () => undefined;

/**
 * Whether the full-screen button shows (games config). The server cannot know the display
 * environment, so it draws the button only for `all`; the browser corrects it right after
 * hydration (useSyncExternalStore: no mismatch warning).
 */
export function useFullScreenButton(rule: FullScreenVisibility): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => fullScreenButtonVisible(rule, readDisplayEnvironment(window)),
    () => rule === 'all',
  );
}

/** Off, the browser's full screen (Fullscreen API), or our fixed frame over the whole page. */
export type FullScreenState = 'off' | 'api' | 'fixed';

/**
 * Full screen for the game's box: the Fullscreen API where the browser has it, and where it has
 * not (iOS Safari on a phone) a fixed frame over the whole viewport with its own close button.
 * Esc leaves either: the browser handles its own; for ours the page listens, and inside a
 * same-origin game frame too (a key pressed while playing goes to the frame's window).
 */
export function useFullScreen(
  box: RefObject<HTMLElement | null>,
  frame: RefObject<HTMLIFrameElement | null>,
) {
  const [state, setState] = useState<FullScreenState>('off');

  useEffect(() => {
    const follow = () => {
      const element = box.current;
      setState((current) => {
        if (element && document.fullscreenElement === element) return 'api';
        return current === 'api' ? 'off' : current;
      });
    };
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, [box]);

  const enter = useCallback(() => {
    const element = box.current;
    if (!element) return;
    if (fullScreenMethod(document) === 'api' && typeof element.requestFullscreen === 'function') {
      // A refusal (no user gesture, a policy) falls back to our own frame.
      element.requestFullscreen().catch(() => setState('fixed'));
      return;
    }
    setState('fixed');
  }, [box]);

  const exit = useCallback(() => {
    if (state === 'api' && document.fullscreenElement) void document.exitFullscreen();
    setState('off');
  }, [state]);

  useEffect(() => {
    if (state !== 'fixed') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setState('off');
    };
    const targets: Window[] = [window];
    try {
      // Same origin only: a cross-origin frame's window throws here, and its keys stay its own.
      const inner = frame.current?.contentWindow;
      if (inner && inner.document) targets.push(inner);
    } catch {
      // A provider's frame on another origin: Esc works once focus is back on the page.
    }
    for (const target of targets) target.addEventListener('keydown', onKey);
    // The page under our frame must not scroll along (a phone's swipe inside the game).
    const overflow = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    return () => {
      for (const target of targets) target.removeEventListener('keydown', onKey);
      document.documentElement.style.overflow = overflow;
    };
  }, [state, frame]);

  return { state, enter, exit, active: state !== 'off' };
}
