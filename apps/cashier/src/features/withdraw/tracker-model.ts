import type { Withdrawal, WithdrawalStage } from '../shared/api.ts';

/** The way a withdrawal goes when nothing stops it. */
export const WITHDRAWAL_PATH = ['requested', 'in_review', 'approved', 'sent', 'paid'] as const;

const FINAL: ReadonlySet<WithdrawalStage> = new Set(['paid', 'rejected', 'cancelled']);

/** Paid, rejected or cancelled: nothing will change any more, so polling stops. */
export function isFinalStage(stage: WithdrawalStage): boolean {
  return FINAL.has(stage);
}

export type StepState = 'done' | 'current' | 'upcoming' | 'stopped';

export interface TrackerStep {
  stage: WithdrawalStage;
  /** When the withdrawal reached this stage; null while it has not. */
  at: string | null;
  state: StepState;
}

/**
 * The tracker's steps: every stage of the path with its time, the current one marked; a rejected
 * or cancelled withdrawal shows the stages it did reach, then where it stopped.
 */
export function trackerSteps(withdrawal: Withdrawal): TrackerStep[] {
  const times = new Map<WithdrawalStage, string>();
  for (const entry of withdrawal.stages) times.set(entry.stage, entry.at);
  if (!times.has('requested')) times.set('requested', withdrawal.created_at);

  if (withdrawal.stage === 'rejected' || withdrawal.stage === 'cancelled') {
    const reached: TrackerStep[] = WITHDRAWAL_PATH.filter((stage) => times.has(stage)).map(
      (stage) => ({ stage, at: times.get(stage) ?? null, state: 'done' }),
    );
    return [
      ...reached,
      {
        stage: withdrawal.stage,
        at: times.get(withdrawal.stage) ?? withdrawal.updated_at,
        state: 'stopped',
      },
    ];
  }

  const current = WITHDRAWAL_PATH.indexOf(withdrawal.stage as (typeof WITHDRAWAL_PATH)[number]);
  return WITHDRAWAL_PATH.map((stage, index) => ({
    stage,
    at: index <= current ? (times.get(stage) ?? null) : null,
    state:
      index < current || (index === current && stage === 'paid')
        ? 'done'
        : index === current
          ? 'current'
          : 'upcoming',
  }));
}
