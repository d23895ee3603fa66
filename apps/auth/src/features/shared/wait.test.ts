import { describe, expect, it } from 'vitest';
import { formatWait, retryAfterSeconds, waitUnit } from './wait.ts';

describe('the wait of a refused sign-up (retry_after)', () => {
  it('reads retry_after in seconds, nothing when absent or not a positive number', () => {
    expect(retryAfterSeconds({ retry_after: 3000 })).toBe(3000);
    expect(retryAfterSeconds({ retry_after: '12.2' })).toBe(13);
    expect(retryAfterSeconds({})).toBeNull();
    expect(retryAfterSeconds({ retry_after: 0 })).toBeNull();
  });

  it('tells 50 minutes as 50 minutes, not "a few minutes"', () => {
    expect(waitUnit(3000)).toEqual({ value: 50, unit: 'minute' });
    expect(waitUnit(61)).toEqual({ value: 2, unit: 'minute' });
    expect(waitUnit(45)).toEqual({ value: 45, unit: 'second' });
    expect(waitUnit(3601)).toEqual({ value: 2, unit: 'hour' });
    expect(formatWait(3000, 'en-US')).toBe('in 50 minutes');
    expect(formatWait(3000, 'ru-RU')).toBe('через 50 минут');
    expect(formatWait(3000, 'es-ES')).toBe('dentro de 50 minutos');
    expect(formatWait(3000, 'pt-BR')).toBe('em 50 minutos');
  });
});
