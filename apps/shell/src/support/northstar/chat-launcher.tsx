import { lazy, Suspense } from 'react';
import styled, { keyframes } from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { Icon, media } from '@northstar/ui';
import { withMoreMessages } from '../../content/more-messages.ts';
import { QuietBoundary } from '../../system/quiet-boundary.tsx';
import { northstarChat, useNorthstarChat } from './chat-store.ts';

// The conversation's code and texts come when the player is about to open it (a hover, a focus).
const loadDialog = () => withMoreMessages(() => import('./chat-dialog.tsx'));
const ChatDialog = lazy(() => loadDialog().then((module) => ({ default: module.ChatDialog })));

const rise = keyframes`from { opacity: 0; transform: translateY(12px) scale(0.96); }`;

const Launcher = styled.button`
  position: fixed;
  right: 16px;
  bottom: calc(var(--ns-bottom-menu-height) + 16px + env(safe-area-inset-bottom));
  z-index: ${({ theme }) => theme.zIndex.header - 1};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 10px;
  width: 56px;
  height: 56px;
  padding: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid rgba(255, 211, 110, 0.6);
  background: ${({ theme }) => theme.gradients.gold};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-weight: 700;
  font-size: 15px;
  box-shadow:
    0 10px 28px rgba(0, 0, 0, 0.45),
    ${({ theme }) => theme.shadows.gold};
  cursor: pointer;
  animation: ${rise} 220ms cubic-bezier(0.2, 0.8, 0.2, 1);
  transition:
    transform 120ms ease,
    box-shadow 120ms ease;
  &:hover {
    transform: translateY(-2px);
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 3px;
  }
  span {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  ${media.from('tablet')} {
    right: 24px;
    bottom: 24px;
    width: auto;
    padding: 0 22px 0 18px;
    span {
      position: static;
      width: auto;
      height: auto;
      clip-path: none;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    animation: none;
    transition: none;
  }
`;

/**
 * Our chat's badge: a "Live chat" button in the bottom corner (§2: not on betting and game pages,
 * which the slot tells the store), and the "Live support" dialog it opens.
 */
export function ChatLauncher() {
  const { t } = useLingui();
  const { badgeVisible, open } = useNorthstarChat();
  const preload = () => void loadDialog();
  return (
    <>
      {badgeVisible ? (
        <Launcher
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          data-live-chat="northstar"
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => northstarChat.update({ open: true })}
        >
          <Icon name="support" size={24} />
          <span>{t({ id: 'chat.launcher', message: 'Live chat' })}</span>
        </Launcher>
      ) : null}
      {open ? (
        <QuietBoundary name="the live chat">
          <Suspense fallback={null}>
            <ChatDialog onClose={() => northstarChat.update({ open: false })} />
          </Suspense>
        </QuietBoundary>
      ) : null}
    </>
  );
}
