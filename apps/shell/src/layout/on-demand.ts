import { useEffect, useState } from 'react';

/**
 * Whether a part downloaded only where the page turns out to need it is ready to draw: `when` is
 * asked once the page runs (never in the server's render, which draws nothing here), and `load`
 * (the part's chunk, which a `lazy` component then finds loaded) only when it holds.
 */
export function useOnDemand(when: () => boolean, load: () => Promise<unknown>): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!when()) return;
    let live = true;
    void load().then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
    // Asked once, when the part mounts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ready;
}
