import { lazy, Suspense, useEffect, useRef } from 'react';
import styled from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { providerOrigin, readProviderMessage, type ProviderStatus } from './verification-model.ts';

// The dialog frame is downloaded when the player opens the provider, not with the page.
const DialogFrame = lazy(() =>
  import('@northstar/ui/dialog').then((module) => ({ default: module.DialogFrame })),
);

/**
 * §2 SumsubPopup (issue #25): a dialog framing the identity provider's page (`url`, from
 * `sumsub/getAccessToken`). The page tells its state by `postMessage`; only messages from the
 * frame's own window at the provider page's origin count (verification-model.ts), and each is
 * handed to `onStatus` so the page refreshes its checklist.
 */
export function SumsubPopup({
  url,
  onStatus,
  onClose,
}: {
  url: string;
  onStatus: (status: ProviderStatus) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(onStatus);
  useEffect(() => {
    latest.current = onStatus;
  }, [onStatus]);

  useEffect(() => {
    const origin = providerOrigin(url, window.location.href);
    const listen = (event: MessageEvent) => {
      const status = readProviderMessage(event, {
        origin,
        source: frame.current?.contentWindow ?? null,
      });
      if (status) latest.current(status);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [url]);

  const title = t({ id: 'profile.verification.popupTitle', message: 'Verify your identity' });
  return (
    <Suspense fallback={null}>
      <DialogFrame
        open
        title={title}
        onClose={onClose}
        closeLabel={t({ id: 'profile.verification.popupClose', message: 'Close' })}
        size="large"
        dialogId="SumsubPopup"
        initialFocus={frame}
      >
        <Frame
          ref={frame}
          src={url}
          title={t({
            id: 'profile.verification.frameTitle',
            message: 'Identity verification provider',
          })}
          // The provider's page runs its own script and posts its forms; it cannot navigate
          // this page, open windows or reach anything but its own origin.
          sandbox="allow-scripts allow-forms allow-same-origin"
          referrerPolicy="no-referrer"
          allow="camera"
        />
      </DialogFrame>
    </Suspense>
  );
}

const Frame = styled.iframe`
  display: block;
  width: 100%;
  height: min(640px, 70vh);
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #f4f6fb;
`;
