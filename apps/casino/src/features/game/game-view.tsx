import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useAtomValue, useStore } from 'jotai';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { FIXED_OFFSET_HOURS, formatDate } from '@northstar/i18n/format';
import {
  closeDialog,
  openAuthDialog,
  openDialog,
  routePath,
  sessionAtom,
  useBalance,
  useLinkProps,
  useShellNavigation,
} from '@northstar/shell-sdk';
import { track } from '@northstar/shell-sdk/analytics';
import { imageUrl } from '@northstar/shell-sdk/images';
import { Button, ButtonLink, Icon, media, Skeleton, type IconName } from '@northstar/ui';
import type { Game } from '../shared/api.ts';
import { useGamesConfig } from '../shared/games-config.ts';
import {
  DEMO_MODE_DIALOG_ID,
  DemoModePopup,
  type DemoModeChoice,
  type DemoModePopupProps,
} from './demo-mode-popup.tsx';
import { ExpandIcon, GameBar } from './game-bar.tsx';
import { GameSkeleton, GameStage } from './game-page.tsx';
import {
  useFreespinsLeft,
  useGame,
  useProviderName,
  useSelfExclusion,
  useSessionSummary,
} from './game-queries.ts';
import { gameMode, isLaunchRefusal, playUrl, realPlayBlock, type GameMode } from './play-rules.ts';
import { SessionFiguresSlot } from './session-figures-slot.tsx';
import { useFullScreen, useFullScreenButton } from './use-full-screen.ts';

/** What a page whose own validation fails throws (§2): the shell draws its 404 page. */
function gameNotFound(): Error & { status: number } {
  return Object.assign(new Error('There is no such game'), { status: 404 });
}

const Box = styled.div`
  position: relative;
  flex: 1 1 auto;
  min-height: 0;
  display: grid;
  place-items: center;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(80% 90% at 50% 0%, rgba(139, 108, 255, 0.16), transparent 70%),
    ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  &[data-full-screen='fixed'] {
    position: fixed;
    inset: 0;
    /* Over the header, under the dialogs (an inactivity warning must still show). */
    z-index: 500;
    border: 0;
    border-radius: 0;
  }
  &:fullscreen {
    border: 0;
    border-radius: 0;
  }
  iframe {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
    display: block;
    background: ${({ theme }) => theme.colors.background};
  }
`;

const ExitFullScreen = styled.button`
  position: absolute;
  top: max(10px, env(safe-area-inset-top));
  right: max(10px, env(safe-area-inset-right));
  z-index: 1;
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 40px;
  padding: 0 14px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid rgba(255, 255, 255, 0.25);
  background: rgba(10, 14, 26, 0.78);
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: 14px;
  font-weight: 600;
  cursor: pointer;
  backdrop-filter: blur(6px);
`;

const Card = styled.section`
  position: relative;
  display: grid;
  justify-items: center;
  gap: 12px;
  max-width: 460px;
  margin: 16px;
  padding: 28px 22px;
  text-align: center;
  border-radius: ${({ theme }) => theme.radii.xl};
  background: rgba(18, 26, 46, 0.86);
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.modal};
  backdrop-filter: blur(8px);
  ${media.from('tablet')} {
    padding: 36px 36px 32px;
  }
  h2 {
    margin: 0;
    font-size: 22px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Mark = styled.span<{ $tone: 'gold' | 'danger' }>`
  display: inline-grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  color: ${({ theme, $tone }) => ($tone === 'gold' ? theme.colors.primary : theme.colors.danger)};
  background: ${({ $tone }) =>
    $tone === 'gold' ? 'rgba(245, 184, 65, 0.12)' : 'rgba(255, 107, 122, 0.12)'};
  border: 1px solid
    ${({ $tone }) => ($tone === 'gold' ? 'rgba(245, 184, 65, 0.4)' : 'rgba(255, 107, 122, 0.4)')};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 10px;
  margin-top: 6px;
`;

/** The game's own art behind the visitor's choice, softened so the card reads on top. */
const Backdrop = styled.img`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
  filter: blur(18px) saturate(1.2) brightness(0.55);
  transform: scale(1.1);
`;

const Notice = styled.p`
  display: flex;
  align-items: center;
  gap: 10px;
  margin: 0;
  padding: 10px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: rgba(245, 184, 65, 0.1);
  border: 1px solid rgba(245, 184, 65, 0.35);
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

function MessageCard({
  icon,
  tone = 'gold',
  title,
  children,
  actions,
}: {
  icon: IconName;
  tone?: 'gold' | 'danger';
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card aria-labelledby="game-message-title">
      <Mark $tone={tone}>
        <Icon name={icon} size={26} />
      </Mark>
      <h2 id="game-message-title">{title}</h2>
      <p>{children}</p>
      {actions ? <Actions>{actions}</Actions> : null}
    </Card>
  );
}

function AllGamesLink() {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath('gamehall', {}, locale));
  return (
    <ButtonLink variant="secondary" {...link}>
      <Trans id="casino.game.back">All games</Trans>
    </ButtonLink>
  );
}

/** The data gate: the game from the catalogue, the site's 404 when it has none such. */
export function GameView({ sysname }: { sysname: string }) {
  const game = useGame(sysname);
  if (game.isPending) return <GameSkeleton />;
  if (game.isError) {
    return (
      <GameStage data-remote="casino">
        <Box>
          <MessageCard
            icon="bolt"
            tone="danger"
            title={<Trans id="casino.game.loadError.title">The game did not load</Trans>}
            actions={
              <>
                <Button onClick={() => void game.refetch()}>
                  <Trans id="casino.game.retry">Try again</Trans>
                </Button>
                <AllGamesLink />
              </>
            }
          >
            <Trans id="casino.game.loadError.text">
              We could not reach the game list. Check your connection and try again.
            </Trans>
          </MessageCard>
        </Box>
      </GameStage>
    );
  }
  if (!game.data) throw gameNotFound();
  return <GamePlay game={game.data} />;
}

function GamePlay({ game }: { game: Game }) {
  const { t } = useLingui();
  const store = useStore();
  const session = useAtomValue(sessionAtom);
  const signedIn = session.status === 'signed-in';
  const config = useGamesConfig();
  const { locale, hash, navigate } = useShellNavigation();
  const [chosen, setChosen] = useState<GameMode | null>(null);
  const mode = gameMode(chosen, signedIn);
  const real = mode === 'real';

  // §2: a visitor chooses in the DemoModePopup; `#real` asks them to register instead, and
  // closing that registration without an account takes them to the index.
  const asked = useRef(false);
  useEffect(() => {
    if (session.status !== 'anonymous' || chosen !== null || asked.current) return;
    asked.current = true;
    if (hash === '#real') {
      void openAuthDialog('registration').then(() => {
        if (store.get(sessionAtom).status !== 'signed-in') navigate(routePath('home', {}, locale));
      });
      return;
    }
    void openDialog<DemoModePopupProps>({
      id: DEMO_MODE_DIALOG_ID,
      component: DemoModePopup,
      size: 'small',
      title: t({ id: 'casino.game.demo.title', message: 'How would you like to play?' }),
      props: { gameName: game.name },
    }).then((choice) => {
      if ((choice as DemoModeChoice | undefined) === 'fun') setChosen('fun');
      else if (choice === 'sign-up') void openAuthDialog('registration');
    });
  }, [session.status, chosen, hash, store, navigate, locale, t, game.name]);
  useEffect(
    () => () => {
      // Leaving the page: its question goes with it.
      closeDialog(DEMO_MODE_DIALOG_ID);
      asked.current = false;
    },
    [],
  );

  const onMode = useCallback(
    (next: GameMode) => {
      if (next === 'real' && !signedIn) {
        void openAuthDialog('registration');
        return;
      }
      closeDialog(DEMO_MODE_DIALOG_ID);
      setChosen(next);
    },
    [signedIn],
  );

  const exclusion = useSelfExclusion(real);
  const { total } = useBalance();
  const freespinsLeft = useFreespinsLeft(game.sysname, signedIn);
  const block = real
    ? realPlayBlock({
        selfExcluded: exclusion.data?.active === true,
        balance: total?.amount ?? null,
        freespinsLeft,
        zeroBalanceSlotAccess: config.zeroBalanceSlotAccess,
      })
    : null;

  // The frame and what it loaded: a refused launch is a message, never a broken frame.
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const frameKey = `${mode}-${attempt}`;
  // The frame (by its key) whose launch was refused: another mode or a retry is a new frame.
  const [refusedFrame, setRefusedFrame] = useState<string | null>(null);
  const refused = refusedFrame === frameKey;
  const checkFrame = useCallback(() => {
    let refusal = false;
    try {
      refusal = isLaunchRefusal(frame.current?.contentDocument ?? null);
    } catch {
      // Another origin's frame: its provider shows its own errors.
    }
    setRefusedFrame(refusal ? frameKey : null);
  }, [frameKey]);
  const frameRef = useCallback(
    (element: HTMLIFrameElement | null) => {
      frame.current = element;
      // A frame the server rendered may have loaded before hydration: its load event is gone.
      if (element?.contentDocument?.readyState === 'complete') checkFrame();
    },
    [checkFrame],
  );
  const waiting = real && exclusion.isPending;
  const playing = mode !== null && !waiting && block === null && !refused;

  // The real-money session of this visit: it begins when the real game first shows.
  const summary = useSessionSummary(signedIn && real && playing ? `${session.user.uid}` : null);

  // Issue #28: a game opened (each mode once per visit of the page) goes to analytics.
  useEffect(() => {
    if (playing && mode) track('game_open', { game: game.sysname, mode });
  }, [playing, mode, game.sysname]);

  const fullScreenVisible = useFullScreenButton(config.fullScreenVisibility);
  const screen = useFullScreen(box, frame);
  useEffect(() => {
    if (!playing && screen.active) screen.exit();
  }, [playing, screen]);

  const provider = useProviderName(game.provider.sysname);

  const gameName = game.name;
  let content: ReactNode;
  if (mode === null) {
    content = (
      <>
        {game.image_url ? (
          // Blurred behind the card: a small raster is all it shows (/_ipx).
          <Backdrop
            src={imageUrl(game.image_url, { fit: 'cover', s: { width: 288, height: 192 }, q: 70 })}
            alt=""
            width={288}
            height={192}
          />
        ) : null}
        <MessageCard
          icon="star"
          title={<Trans id="casino.game.choose.title">Play {gameName}</Trans>}
          actions={
            <>
              <Button variant="secondary" onClick={() => onMode('fun')}>
                <Trans id="casino.game.demo.fun">Play for fun</Trans>
              </Button>
              <Button onClick={() => void openAuthDialog('registration')}>
                <Trans id="casino.game.demo.signUp">Sign up</Trans>
              </Button>
            </>
          }
        >
          <Trans id="casino.game.choose.text">
            Play with play money as long as you like, or sign up to play for real.
          </Trans>
        </MessageCard>
      </>
    );
  } else if (waiting) {
    content = <Skeleton $height="100%" $radius="0" />;
  } else if (block === 'self-excluded') {
    const until = exclusion.data?.until;
    // §9's fixed offset: the server's HTML and the browser show the same day.
    const untilDate = until ? formatDate(until, { offsetHours: FIXED_OFFSET_HOURS }) : '';
    content = (
      <MessageCard
        icon="shield"
        title={<Trans id="casino.game.excluded.title">You are taking a break</Trans>}
        actions={<AllGamesLink />}
      >
        {until ? (
          <Trans id="casino.game.excluded.until">
            You excluded yourself from play until {untilDate}. Real-money games open again after
            that.
          </Trans>
        ) : (
          <Trans id="casino.game.excluded.permanent">
            You excluded yourself from play for good, so real-money games stay closed on this
            account.
          </Trans>
        )}
      </MessageCard>
    );
  } else if (block === 'empty-balance') {
    content = (
      <MessageCard
        icon="wallet"
        title={<Trans id="casino.game.empty.title">Your balance is empty</Trans>}
        actions={<EmptyBalanceActions onFun={() => onMode('fun')} />}
      >
        <Trans id="casino.game.empty.text">
          Make a deposit to play {gameName} for real, or play it for fun with play money.
        </Trans>
      </MessageCard>
    );
  } else if (refused) {
    content = (
      <MessageCard
        icon="lock"
        tone="danger"
        title={<Trans id="casino.game.refused.title">This game cannot be opened right now</Trans>}
        actions={
          <>
            <Button onClick={() => setAttempt((n) => n + 1)}>
              <Trans id="casino.game.retry">Try again</Trans>
            </Button>
            <AllGamesLink />
          </>
        }
      >
        {real ? (
          <Trans id="casino.game.refused.real">
            Your account cannot play this game for money at the moment. Try again later, play it for
            fun, or contact support.
          </Trans>
        ) : (
          <Trans id="casino.game.refused.text">
            The game is not available at the moment. Try again later or pick another game.
          </Trans>
        )}
      </MessageCard>
    );
  } else {
    content = (
      <>
        <iframe
          key={frameKey}
          ref={frameRef}
          src={playUrl(game.sysname, mode, locale)}
          title={game.name}
          allow="fullscreen; autoplay"
          onLoad={checkFrame}
        />
        {screen.active ? (
          <ExitFullScreen type="button" onClick={screen.exit} autoFocus>
            <ExpandIcon collapse />
            <Trans id="casino.game.exitFullScreen">Exit full screen</Trans>
          </ExitFullScreen>
        ) : null}
      </>
    );
  }

  return (
    <GameStage data-remote="casino">
      <GameBar
        name={game.name}
        provider={provider}
        mode={mode}
        onMode={onMode}
        fullScreen={
          playing
            ? {
                visible: fullScreenVisible,
                active: screen.active,
                onToggle: screen.active ? screen.exit : screen.enter,
              }
            : null
        }
      />
      {real && playing && freespinsLeft > 0 ? (
        <Notice role="status">
          <Icon name="gift" size={20} />
          <span>
            <Plural
              id="casino.game.freespins"
              value={freespinsLeft}
              one="You have # free spin on this game: it is played before your balance."
              other="You have # free spins on this game: they are played before your balance."
            />
          </span>
        </Notice>
      ) : null}
      <Box
        ref={box}
        data-full-screen={screen.state === 'fixed' ? 'fixed' : undefined}
        data-testid="game-box"
      >
        {content}
      </Box>
      {real && playing && summary ? (
        <SessionFiguresSlot
          startedAt={summary.startedAt}
          net={summary.data ? { amount: summary.data.net, currency: summary.data.currency } : null}
          locale={locale}
        />
      ) : null}
    </GameStage>
  );
}

function EmptyBalanceActions({ onFun }: { onFun: () => void }) {
  const { locale } = useShellNavigation();
  const deposit = useLinkProps(routePath('cashierDeposit', {}, locale));
  return (
    <>
      <ButtonLink {...deposit}>
        <Trans id="casino.game.empty.deposit">Deposit</Trans>
      </ButtonLink>
      <Button variant="secondary" onClick={onFun}>
        <Trans id="casino.game.demo.fun">Play for fun</Trans>
      </Button>
    </>
  );
}
