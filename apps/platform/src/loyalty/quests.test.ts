import { describe, expect, it } from 'vitest';
import { advance, isOpen, periodOf, stepOf, type ProgramRule } from './quests.ts';

const slotWeek: ProgramRule = {
  kind: 'rounds',
  category: 'slots',
  target: 50n,
  period: 'week',
  startsAt: null,
  endsAt: null,
  isActive: true,
};
const at = new Date('2026-11-27T12:00:00Z'); // a Friday

describe('quest progress (issue #27)', () => {
  it('a weekly programme’s period is the ISO week’s Monday (UTC)', () => {
    expect(periodOf('week', at)).toBe('2026-11-23');
    expect(periodOf('week', new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    expect(periodOf('week', new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-16');
    expect(periodOf('week', new Date('2026-11-29T23:59:59Z'))).toBe('2026-11-23');
    expect(periodOf('once', at)).toBe('once');
  });

  it('a slot round counts one round; a table round or a deposit does not', () => {
    expect(stepOf(slotWeek, { kind: 'bet', stakeMinor: 20n, categories: ['slots'], at })).toBe(1n);
    expect(stepOf(slotWeek, { kind: 'bet', stakeMinor: 20n, categories: ['table'], at })).toBe(0n);
    expect(stepOf(slotWeek, { kind: 'deposit', at })).toBe(0n);
    expect(stepOf(slotWeek, { kind: 'rollback', stakeMinor: 20n, categories: ['slots'], at })).toBe(
      -1n,
    );
  });

  it('a stake programme of any game counts the stake; a deposit programme counts deposits', () => {
    const stake = { ...slotWeek, kind: 'stake' as const, category: null };
    expect(stepOf(stake, { kind: 'bet', stakeMinor: 250n, categories: [], at })).toBe(250n);
    const deposit = { ...slotWeek, kind: 'deposits' as const, target: 1n, period: 'once' as const };
    expect(stepOf(deposit, { kind: 'deposit', at })).toBe(1n);
    expect(stepOf(deposit, { kind: 'profile', at })).toBe(0n);
  });

  it('completes exactly once, at the target, and then does not move', () => {
    let state = { progress: 0n, completed: false };
    let completions = 0;
    for (let i = 0; i < 60; i++) {
      const next = advance(state.progress, state.completed, 1n, 50n);
      if (next.completes) completions++;
      state = { progress: next.progress, completed: state.completed || next.completes };
    }
    expect(completions).toBe(1);
    expect(state.progress).toBe(50n);
    expect(advance(50n, true, -1n, 50n)).toEqual({ progress: 50n, completes: false });
  });

  it('a rollback takes a round back but never below zero', () => {
    expect(advance(3n, false, -1n, 50n)).toEqual({ progress: 2n, completes: false });
    expect(advance(0n, false, -1n, 50n)).toEqual({ progress: 0n, completes: false });
    expect(advance(49n, false, 250n, 50n)).toEqual({ progress: 50n, completes: true });
  });

  it('a programme counts only while active and inside its dates', () => {
    expect(isOpen(slotWeek, at)).toBe(true);
    expect(isOpen({ ...slotWeek, isActive: false }, at)).toBe(false);
    expect(isOpen({ ...slotWeek, startsAt: new Date('2026-11-28T00:00:00Z') }, at)).toBe(false);
    expect(isOpen({ ...slotWeek, endsAt: at }, at)).toBe(false);
  });
});
