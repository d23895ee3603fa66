import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Icon } from '@northstar/ui';
import type { LoyaltyProgram } from '../shared/api.ts';
import { programState, type ProgramState } from '../shared/loyalty-model.ts';
import { Points, ProgressBar, usePoints } from '../shared/parts.tsx';

/** A programme's reward in words (§3: points, a bonus, free spins or cash). */
export function RewardText({ reward }: { reward: LoyaltyProgram['reward'] }) {
  const amount = reward.amount;
  switch (reward.type) {
    case 'points':
      return <Points value={Number(amount ?? 0)} />;
    case 'freespins':
      return amount ? (
        <Trans id="loyalty.reward.spinsCount">{amount} free spins</Trans>
      ) : (
        <Trans id="loyalty.reward.spins">Free spins</Trans>
      );
    case 'cash':
      return amount ? (
        <Trans id="loyalty.reward.cashAmount">{amount} in cash</Trans>
      ) : (
        <Trans id="loyalty.reward.cash">Cash</Trans>
      );
    default:
      return <Trans id="loyalty.reward.bonus">A bonus</Trans>;
  }
}

/** How often a programme can be completed. */
export function PeriodText({ period }: { period: LoyaltyProgram['period'] }) {
  return period === 'week' ? (
    <Trans id="loyalty.program.weekly">Every week, from Monday 00:00 UTC</Trans>
  ) : (
    <Trans id="loyalty.program.once">Once</Trans>
  );
}

const Status = styled.span<{ $tone: 'done' | 'locked' | 'open' }>`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 4px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 13px;
  font-weight: 600;
  color: ${({ $tone, theme }) =>
    $tone === 'done'
      ? theme.colors.success
      : $tone === 'locked'
        ? theme.colors.textMuted
        : theme.colors.primary};
  background: ${({ $tone }) =>
    $tone === 'done'
      ? 'rgba(47, 210, 122, 0.12)'
      : $tone === 'locked'
        ? 'rgba(169, 179, 207, 0.12)'
        : 'rgba(245, 184, 65, 0.12)'};
`;

const ProgressLine = styled.div`
  display: grid;
  gap: 6px;
  font-size: 14px;
  > span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The player's progress in a programme: a bar with "12 / 50", or its state in words. */
export function ProgramProgress({
  program,
  state,
}: {
  program: LoyaltyProgram;
  state: ProgramState;
}) {
  const { t } = useLingui();
  const points = usePoints();
  switch (state.kind) {
    case 'visitor':
      return null;
    case 'completed':
      return (
        <Status $tone="done" data-program-state="completed">
          <Icon name="shield" size={16} aria-hidden="true" />
          {state.paid ? (
            <Trans id="loyalty.program.completed">Completed: reward received</Trans>
          ) : (
            <Trans id="loyalty.program.completedNoReward">
              Completed (no reward in your currency)
            </Trans>
          )}
        </Status>
      );
    case 'locked':
      return (
        <Status $tone="locked" data-program-state="locked">
          <Icon name="lock" size={16} aria-hidden="true" />
          <Trans id="loyalty.program.locked">From level {state.minLevel}</Trans>
        </Status>
      );
    default: {
      const done = points(state.value);
      const target = points(state.target);
      return (
        <ProgressLine data-program-state="open">
          <ProgressBar
            percent={state.percent}
            label={t({
              id: 'loyalty.program.progressLabel',
              message: `Progress: ${program.title}`,
            })}
          />
          <span>
            <Trans id="loyalty.program.progress">
              {done} of {target} · {state.percent}%
            </Trans>
          </span>
        </ProgressLine>
      );
    }
  }
}

const Card = styled.li`
  display: grid;
  gap: 12px;
  align-content: start;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    margin: 0;
    font-size: 18px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Reward = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  font-weight: 600;
  svg {
    color: ${({ theme }) => theme.colors.primary};
    flex: none;
  }
`;

const More = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  margin-top: auto;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
`;

/** A programme in the list of `/loyalty`: its goal, the reward, the progress, its page. */
export function ProgramCard({
  program,
  playerLevel,
}: {
  program: LoyaltyProgram;
  playerLevel: number | null;
}) {
  const { locale } = useShellNavigation();
  const { t } = useLingui();
  const link = useLinkProps(routePath('loyaltyProgram', { sysname: program.sysname }, locale));
  const state = programState(program, playerLevel);
  return (
    <Card data-program={program.sysname}>
      <h3>{program.title}</h3>
      <p>{program.description}</p>
      <Reward>
        <Icon name="gift" size={18} aria-hidden="true" />
        <span>
          <Trans id="loyalty.program.reward">Reward:</Trans> <RewardText reward={program.reward} />
        </span>
      </Reward>
      <ProgramProgress program={program} state={state} />
      <More
        {...link}
        aria-label={t({ id: 'loyalty.program.detailsOf', message: `Details: ${program.title}` })}
      >
        <Trans id="loyalty.program.details">Details</Trans> →
      </More>
    </Card>
  );
}
