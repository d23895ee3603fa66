import { useState, type MouseEvent, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { ButtonLink } from './button.tsx';
import { media } from './theme.ts';

const Stage = styled.div<{ $fullScreen: boolean }>`
  display: grid;
  place-items: center;
  width: 100%;
  padding: 32px 16px 48px;
  min-height: ${({ $fullScreen }) => ($fullScreen ? '100vh' : 'calc(100vh - 200px)')};
  ${({ $fullScreen }) =>
    $fullScreen &&
    css`
      min-height: 100dvh;
      background:
        radial-gradient(60% 50% at 50% 0%, rgba(139, 108, 255, 0.16), transparent 70%),
        radial-gradient(50% 40% at 50% 100%, rgba(245, 184, 65, 0.08), transparent 70%);
    `}
  ${media.from('tablet')} {
    padding: 56px 24px 72px;
  }
`;

const Column = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 24px;
  width: 100%;
  max-width: 560px;
`;

const Card = styled.section`
  position: relative;
  overflow: hidden;
  width: 100%;
  padding: 36px 20px 32px;
  border-radius: ${({ theme }) => theme.radii.xl};
  background:
    radial-gradient(120% 90% at 50% 0%, rgba(139, 108, 255, 0.14), transparent 60%),
    ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  text-align: center;
  ${media.from('tablet')} {
    padding: 48px 48px 44px;
  }
`;

/** The round plate the icon (or the spinner) sits on. */
const Emblem = styled.div`
  display: grid;
  place-items: center;
  width: 112px;
  height: 112px;
  margin: 0 auto 24px;
  border-radius: 50%;
  background:
    radial-gradient(circle at 50% 35%, rgba(245, 184, 65, 0.16), rgba(18, 26, 46, 0) 70%),
    ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid rgba(245, 184, 65, 0.35);
  box-shadow:
    0 0 0 8px rgba(245, 184, 65, 0.05),
    0 0 48px rgba(245, 184, 65, 0.14);
  img {
    display: block;
    width: 64px;
    height: 64px;
    object-fit: contain;
  }
  ${media.from('tablet')} {
    width: 128px;
    height: 128px;
    img {
      width: 72px;
      height: 72px;
    }
  }
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Spinner = styled.span`
  display: block;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  border: 5px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-right-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.9s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s !important;
    animation-iteration-count: infinite !important;
  }
`;

const Heading = styled.h1`
  font-size: 26px;
  overflow-wrap: anywhere;
  ${media.from('tablet')} {
    font-size: 34px;
  }
`;

const Description = styled.div`
  margin: 12px auto 0;
  max-width: 440px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 16px;
  overflow-wrap: anywhere;
  ${media.from('tablet')} {
    font-size: 17px;
  }
  p {
    margin: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
  margin-top: 28px;
  a {
    min-width: 200px;
    white-space: normal;
    text-align: center;
  }
  @media (max-width: 419px) {
    a {
      width: 100%;
    }
  }
`;

/** The built-in glyph when no icon is set or it fails to load (§8: images fall back). */
function FallbackGlyph() {
  return (
    <svg
      width="56"
      height="56"
      viewBox="0 0 24 24"
      fill="#f5b841"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 1.5l2.6 7.9 7.9 2.6-7.9 2.6-2.6 7.9-2.6-7.9L1.5 12l7.9-2.6z" />
    </svg>
  );
}

function SystemPageIcon({ src }: { src: string | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) return <FallbackGlyph />;
  return (
    <img
      src={src}
      alt=""
      width={72}
      height={72}
      decoding="async"
      onError={() => {
        console.warn('[ui] system page icon failed to load', src);
        setFailed(src);
      }}
    />
  );
}

export interface SystemPageAction {
  label: ReactNode;
  href: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface SystemPageProps {
  /** Which page this is, written to `data-system-page` (`maintenance`, `pay-success`, …). */
  name: string;
  /** The app that draws it (`shell`, `cashier`), written to `data-remote` like every page root. */
  owner?: string;
  /** URL of the page's icon (an svg or image); a built-in glyph when absent or broken. */
  icon?: string;
  /**
   * Shows a spinner instead of the icon (pay pending, §2), announced with `pendingLabel`.
   */
  pending?: boolean;
  /** What a screen reader hears for the spinner ("Waiting for the payment"). */
  pendingLabel?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** The page's one button; nothing is drawn without it. */
  action?: SystemPageAction | null;
  /**
   * The page fills the window (the empty layout of forbidden and maintenance, §2) instead of the
   * space between a header and a footer.
   */
  fullScreen?: boolean;
  /** Drawn above the card when full screen, such as the site's logo. */
  brand?: ReactNode;
}

/**
 * The frame of every system page (§2): maintenance, not found, forbidden, user blocked, the
 * errors slot and the cashier's payment results. An icon (or a spinner while a payment is
 * pending), a header, a description and an optional button, centred in the page.
 */
export function SystemPage({
  name,
  owner,
  icon,
  pending = false,
  pendingLabel,
  title,
  description,
  action,
  fullScreen = false,
  brand,
}: SystemPageProps) {
  const titleId = `system-page-${name}-title`;
  return (
    <Stage $fullScreen={fullScreen} data-system-page={name} data-remote={owner}>
      <Column>
        {fullScreen && brand}
        <Card aria-labelledby={titleId}>
          <Emblem>
            {pending ? (
              <span role="status">
                <Spinner data-system-page-spinner="" aria-hidden="true" />
                {pendingLabel && <span className="visually-hidden">{pendingLabel}</span>}
              </span>
            ) : (
              <SystemPageIcon src={icon} />
            )}
          </Emblem>
          <Heading id={titleId}>{title}</Heading>
          <Description>{description}</Description>
          {action && (
            <Actions>
              <ButtonLink size="lg" href={action.href} onClick={action.onClick}>
                {action.label}
              </ButtonLink>
            </Actions>
          )}
        </Card>
      </Column>
    </Stage>
  );
}
