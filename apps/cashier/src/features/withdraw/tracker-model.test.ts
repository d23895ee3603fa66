import { describe, expect, it } from 'vitest';
import type { Withdrawal } from '../shared/api.ts';
import { isFinalStage, trackerSteps } from './tracker-model.ts';

const base: Withdrawal = {
  id: 7,
  method: 'card',
  amount: { amount: '50.00', currency: 'EUR' },
  requisites: '424242...4242',
  stage: 'requested',
  stages: [{ stage: 'requested', at: '2025-01-01T10:00:00Z' }],
  reason_code: null,
  reason_text: null,
  can_cancel: true,
  created_at: '2025-01-01T10:00:00Z',
  updated_at: '2025-01-01T10:00:00Z',
};

describe('withdrawal tracker steps', () => {
  it('shows the whole path with the current stage marked', () => {
    const steps = trackerSteps({
      ...base,
      stage: 'approved',
      stages: [
        { stage: 'requested', at: 'T1' },
        { stage: 'in_review', at: 'T2' },
        { stage: 'approved', at: 'T3' },
      ],
    });
    expect(steps.map((s) => [s.stage, s.state, s.at])).toEqual([
      ['requested', 'done', 'T1'],
      ['in_review', 'done', 'T2'],
      ['approved', 'current', 'T3'],
      ['sent', 'upcoming', null],
      ['paid', 'upcoming', null],
    ]);
  });

  it('marks paid as done', () => {
    const steps = trackerSteps({ ...base, stage: 'paid' });
    expect(steps.at(-1)).toMatchObject({ stage: 'paid', state: 'done' });
    expect(steps.every((s) => s.state === 'done')).toBe(true);
  });

  it('stops a rejected withdrawal where it was rejected', () => {
    const steps = trackerSteps({
      ...base,
      stage: 'rejected',
      stages: [
        { stage: 'requested', at: 'T1' },
        { stage: 'in_review', at: 'T2' },
        { stage: 'rejected', at: 'T3' },
      ],
    });
    expect(steps.map((s) => [s.stage, s.state, s.at])).toEqual([
      ['requested', 'done', 'T1'],
      ['in_review', 'done', 'T2'],
      ['rejected', 'stopped', 'T3'],
    ]);
  });

  it('uses the creation time for requested and the update time for a stop without one', () => {
    const steps = trackerSteps({ ...base, stage: 'cancelled', stages: [], updated_at: 'U' });
    expect(steps).toEqual([
      { stage: 'requested', at: base.created_at, state: 'done' },
      { stage: 'cancelled', at: 'U', state: 'stopped' },
    ]);
  });

  it('knows which stages are final', () => {
    expect(['paid', 'rejected', 'cancelled'].every((s) => isFinalStage(s as never))).toBe(true);
    expect(
      ['requested', 'in_review', 'approved', 'sent'].some((s) => isFinalStage(s as never)),
    ).toBe(false);
  });
});
