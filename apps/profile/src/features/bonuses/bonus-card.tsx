import { useId, useSyncExternalStore, type ReactNode } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Button, media } from '@northstar/ui';
import { Chip, Notice } from '../profile-frame/profile-frame.tsx';
import type { Bonus, BonusAction } from './bonuses-api.ts';
import { deadlineOf, expiryState, timeLeft, wageringProgress } from './bonuses-model.ts';

/**
 * The player's time zone: the browser's. The server renders in UTC (it cannot know it), and the
 * hydrated page switches to the player's zone right after hydration (useSyncExternalStore's
 * server snapshot), so no date differs between server HTML and the first client render.
 */
const noSubscription = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
export function useTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserTimeZone, () => 'UTC');
}

/**
 * The current time to the minute once hydrated (null on the server and in the hydrating render,
 * so the expiry warning never differs from the server HTML), moved on every minute.
 */
const MINUTE = 60_000;
const everyMinute = (tick: () => void) => {
  const timer = setInterval(tick, MINUTE);
  return () => clearInterval(timer);
};
const currentMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE;
export function useNow(): number | null {
  return useSyncExternalStore(everyMinute, currentMinute, () => null);
}

export function useBonusFormats() {
  const { locale } = useShellNavigation();
  const timeZone = useTimeZone();
  const money = (value: { amount: string; currency: string }) => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency: value.currency }).format(
        Number(value.amount),
      );
    } catch {
      return `${value.amount} ${value.currency}`;
    }
  };
  // With the zone's name: a player abroad reads "14:00 GMT+2", not a bare hour.
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    }).format(new Date(iso));
  const relative = (value: number, unit: 'hour' | 'minute') =>
    new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(value, unit);
  return { money, when, relative };
}

function useCategoryName(): (category: string) => string {
  const { t } = useLingui();
  const names: Record<string, string> = {
    slots: t({ id: 'profile.bonuses.category.slots', message: 'Slots' }),
    table: t({ id: 'profile.bonuses.category.table', message: 'Table games' }),
    roulette: t({ id: 'profile.bonuses.category.roulette', message: 'Roulette' }),
    blackjack: t({ id: 'profile.bonuses.category.blackjack', message: 'Blackjack' }),
    dice: t({ id: 'profile.bonuses.category.dice', message: 'Dice' }),
    live: t({ id: 'profile.bonuses.category.live', message: 'Live casino' }),
    jackpot: t({ id: 'profile.bonuses.category.jackpot', message: 'Jackpot games' }),
  };
  // An operator's own category reads as its name (`crash-games` → "Crash games").
  return (category) =>
    names[category] ??
    category.replace(/[-_]+/g, ' ').replace(/^\w/, (first) => first.toUpperCase());
}

export function StatusChip({ status }: { status: Bonus['status'] }) {
  const labels: Record<Bonus['status'], ReactNode> = {
    available: <Trans id="profile.bonuses.status.available">Ready to activate</Trans>,
    active: <Trans id="profile.bonuses.status.active">Wagering</Trans>,
    wagered: <Trans id="profile.bonuses.status.wagered">Wagered: paid out</Trans>,
    expired: <Trans id="profile.bonuses.status.expired">Expired</Trans>,
    forfeited: <Trans id="profile.bonuses.status.forfeited">Forfeited</Trans>,
    removed: <Trans id="profile.bonuses.status.removed">Removed</Trans>,
  };
  const tone =
    status === 'active' || status === 'wagered'
      ? 'success'
      : status === 'available'
        ? 'warning'
        : 'muted';
  return <Chip $tone={tone}>{labels[status]}</Chip>;
}

/**
 * One bonus (§2 /profile/bonuses, issue #26): everything between the player and a withdrawal, in
 * plain view: its amount, the wagering done and left (money and percent, a progress bar), how
 * much each game category counts, the largest bet allowed while it wagers, and the deadline in
 * the player's time zone with a warning when it is near.
 */
export function BonusCard({
  bonus,
  busy,
  problem,
  onAction,
}: {
  bonus: Bonus;
  busy: boolean;
  problem: string | null;
  onAction: (action: BonusAction) => void;
}) {
  const titleId = useId();
  const progressId = useId();
  const { t } = useLingui();
  const { money, when, relative } = useBonusFormats();
  const categoryName = useCategoryName();
  const now = useNow();
  const progress = wageringProgress(bonus.wagering);
  const deadline = deadlineOf(bonus);
  const expiry = now === null ? 'none' : expiryState(deadline, now);
  const live = bonus.status === 'active' || bonus.status === 'available';
  const done = money(bonus.wagering.done);
  const required = money(bonus.wagering.required);
  const percent = progress.percent;
  const left = money({ amount: progress.left, currency: bonus.wagering.required.currency });
  const multiplier = bonus.wagering.multiplier;
  const endsIn = deadline && now !== null ? endsInText(deadline, now, relative) : '';
  const excluded = bonus.excluded_games.join(', ');
  // A free-spins bonus is worth what its spins win: 0 until its pack is over. While the pack is
  // played the card shows the pack (issue #26), not "€0.00" and an empty wagering bar.
  const spins = bonus.free_spins && !bonus.free_spins.settled ? bonus.free_spins : null;

  return (
    <Card aria-labelledby={titleId} data-testid="bonus-card" data-bonus-id={bonus.id}>
      <Head>
        <div>
          <Name id={titleId}>{bonus.name}</Name>
          {bonus.description ? <Description>{bonus.description}</Description> : null}
        </div>
        <StatusChip status={bonus.status} />
      </Head>

      <Facts>
        {spins ? (
          <FreeSpinsFacts spins={spins} />
        ) : (
          <div>
            <dt>
              <Trans id="profile.bonuses.amount">Bonus</Trans>
            </dt>
            <dd data-testid="bonus-amount">{money(bonus.amount)}</dd>
          </div>
        )}
        {bonus.deposit ? (
          <div>
            <dt>
              <Trans id="profile.bonuses.deposit">For your deposit of</Trans>
            </dt>
            <dd>{money(bonus.deposit)}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            <Trans id="profile.bonuses.requirement">Wagering requirement</Trans>
          </dt>
          <dd>
            {spins ? (
              <Trans id="profile.bonuses.requirementSpins">
                {multiplier} × what the free spins win
              </Trans>
            ) : bonus.wagering.base === 'bonus' ? (
              <Trans id="profile.bonuses.requirementBonus">
                {multiplier} × the bonus ({required})
              </Trans>
            ) : (
              <Trans id="profile.bonuses.requirementBonusDeposit">
                {multiplier} × bonus and deposit ({required})
              </Trans>
            )}
          </dd>
        </div>
        <div>
          <dt>
            <Trans id="profile.bonuses.maxBet">Maximum bet while wagering</Trans>
          </dt>
          <dd data-testid="bonus-max-bet">
            {bonus.max_bet ? (
              money(bonus.max_bet)
            ) : (
              <Trans id="profile.bonuses.maxBetNone">No limit</Trans>
            )}
          </dd>
        </div>
        {deadline ? (
          <div>
            <dt>
              {bonus.status === 'available' ? (
                <Trans id="profile.bonuses.activateBy">Activate by</Trans>
              ) : (
                <Trans id="profile.bonuses.wagerBy">Wager by</Trans>
              )}
            </dt>
            <dd>
              <time dateTime={deadline} data-testid="bonus-deadline">
                {when(deadline)}
              </time>
            </dd>
          </div>
        ) : (
          <div>
            <dt>
              <Trans id="profile.bonuses.granted">Granted</Trans>
            </dt>
            <dd>
              <time dateTime={bonus.created_at}>{when(bonus.created_at)}</time>
            </dd>
          </div>
        )}
      </Facts>

      {live && spins ? (
        <ProgressNote data-testid="bonus-spins-note">
          <Trans id="profile.bonuses.spinsNote">
            Play your free spins first: what they win becomes this bonus, to wager {multiplier}{' '}
            times before it becomes real money.
          </Trans>
        </ProgressNote>
      ) : live ? (
        <Progress>
          <ProgressHead>
            <span id={progressId}>
              <Trans id="profile.bonuses.progress">Wagering progress</Trans>
            </span>
            <strong data-testid="bonus-progress-text">
              <Trans id="profile.bonuses.progressFigures">
                {done} of {required} ({percent} %)
              </Trans>
            </strong>
          </ProgressHead>
          <Bar
            role="progressbar"
            aria-labelledby={progressId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.value}
            aria-valuetext={t({
              id: 'profile.bonuses.progressValue',
              message: `${percent} %: ${done} of ${required} wagered`,
            })}
          >
            <Fill style={{ width: `${progress.value}%` }} />
          </Bar>
          <ProgressNote>
            {progress.complete ? (
              <Trans id="profile.bonuses.progressComplete">
                Wagering is complete: the bonus becomes real money in a moment.
              </Trans>
            ) : (
              <Trans id="profile.bonuses.progressLeft">
                {left} left to wager before this bonus becomes real money you can withdraw.
              </Trans>
            )}
          </ProgressNote>
        </Progress>
      ) : null}

      {live && deadline && (expiry === 'near' || expiry === 'passed') && now !== null ? (
        <Warning role="status" data-testid="bonus-expiry-warning">
          {expiry === 'passed' ? (
            <Trans id="profile.bonuses.expiryPassed">This bonus has run out of time.</Trans>
          ) : bonus.status === 'available' ? (
            <Trans id="profile.bonuses.activateSoon">
              Time is running out: activate this bonus {endsIn} or it expires.
            </Trans>
          ) : (
            <Trans id="profile.bonuses.wagerSoon">
              Time is running out: the wagering ends {endsIn}. What is not wagered by then is lost
              with the bonus.
            </Trans>
          )}
        </Warning>
      ) : null}

      <Weights>
        <WeightTable>
          <caption>
            <Trans id="profile.bonuses.weights">How much of each bet counts</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans id="profile.bonuses.weightsCategory">Games</Trans>
              </th>
              <th scope="col">
                <Trans id="profile.bonuses.weightsPercent">Counts</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {bonus.weights.map((weight) => (
              <tr key={weight.category}>
                <th scope="row">{categoryName(weight.category)}</th>
                <td>{weight.percent} %</td>
              </tr>
            ))}
            <tr>
              <th scope="row">
                <Trans id="profile.bonuses.weightsOther">All other games</Trans>
              </th>
              <td>{bonus.default_weight} %</td>
            </tr>
          </tbody>
        </WeightTable>
        {bonus.excluded_games.length > 0 ? (
          <ProgressNote>
            <Trans id="profile.bonuses.excluded">
              Bets on these games do not count: {excluded}
            </Trans>
          </ProgressNote>
        ) : null}
      </Weights>

      {problem ? <Notice role="alert">{problem}</Notice> : null}

      {live ? (
        <CardActions>
          {bonus.status === 'available' ? (
            <Button disabled={busy} onClick={() => onAction('activate')}>
              <Trans id="profile.bonuses.activate">Activate</Trans>
            </Button>
          ) : (
            <Button variant="secondary" disabled={busy} onClick={() => onAction('deactivate')}>
              <Trans id="profile.bonuses.deactivate">Deactivate</Trans>
            </Button>
          )}
          <Button variant="ghost" disabled={busy} onClick={() => onAction('remove')}>
            <Trans id="profile.bonuses.remove">Remove</Trans>
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

/** The pack of a free-spins bonus while it is played: spins left, each spin's stake, the game. */
function FreeSpinsFacts({ spins }: { spins: NonNullable<Bonus['free_spins']> }) {
  const { money } = useBonusFormats();
  const { locale } = useShellNavigation();
  const game = useLinkProps(routePath('game', { sysname: spins.game.sysname }, locale));
  const left = spins.remaining_count;
  const total = spins.total_count;
  return (
    <>
      <div>
        <dt>
          <Trans id="profile.bonuses.spinsLeft">Free spins</Trans>
        </dt>
        <dd data-testid="bonus-free-spins">
          <Trans id="profile.bonuses.spinsLeftCount">
            {left} of {total} left
          </Trans>
        </dd>
      </div>
      <div>
        <dt>
          <Trans id="profile.bonuses.spinStake">Each spin</Trans>
        </dt>
        <dd data-testid="bonus-spin-stake">{money(spins.stake)}</dd>
      </div>
      <div>
        <dt>
          <Trans id="profile.bonuses.spinGame">Game</Trans>
        </dt>
        <dd>
          <a {...game} data-testid="bonus-spin-game">
            {spins.game.name ?? spins.game.sysname}
          </a>
        </dd>
      </div>
      <div>
        <dt>
          <Trans id="profile.bonuses.spinsWon">Won so far</Trans>
        </dt>
        <dd data-testid="bonus-spins-won">{money(spins.won)}</dd>
      </div>
    </>
  );
}

export function endsInText(
  deadline: string,
  now: number,
  relative: (value: number, unit: 'hour' | 'minute') => string,
): string {
  const { value, unit } = timeLeft(deadline, now);
  return relative(value, unit);
}

export const Card = styled.article`
  display: grid;
  gap: 18px;
  padding: 20px 16px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.from('tablet')} {
    padding: 24px 28px;
  }
`;

export const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: 12px;
`;

export const Name = styled.h3`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 18px;
  overflow-wrap: anywhere;
`;

export const Description = styled.p`
  margin: 6px 0 0;
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Facts = styled.dl`
  display: grid;
  gap: 12px 20px;
  margin: 0;
  grid-template-columns: minmax(0, 1fr);
  ${media.from('tablet')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  & > div {
    min-width: 0;
  }
  dt {
    font-size: 13px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 2px 0 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Progress = styled.div`
  display: grid;
  gap: 8px;
`;

const ProgressHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px 12px;
  font-size: 14px;
`;

const Bar = styled.div`
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  min-width: 0;
  background: ${({ theme }) => theme.gradients.gold};
  transition: width 300ms ease;
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

export const ProgressNote = styled.p`
  margin: 0;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const Warning = styled.p`
  margin: 0;
  padding: 12px 14px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  background: rgba(255, 176, 32, 0.08);
  font-size: 14px;
`;

const Weights = styled.div`
  display: grid;
  gap: 8px;
`;

const WeightTable = styled.table`
  width: 100%;
  max-width: 420px;
  border-collapse: collapse;
  font-size: 14px;
  caption {
    text-align: start;
    font-weight: 600;
    margin-bottom: 6px;
  }
  th,
  td {
    padding: 6px 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: start;
  }
  thead th {
    font-size: 13px;
    font-weight: 600;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  tbody th {
    font-weight: 400;
  }
  td,
  thead th:last-child {
    text-align: end;
  }
`;

export const CardActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;
