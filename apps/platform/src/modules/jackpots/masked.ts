/**
 * A player as lobbies show winners: the first two letters of their nickname (or, without one, of
 * their login's local part, never its domain), then stars. The stars never tell the length.
 */
export function maskedNickname(fakename: string | null, login?: string | null): string {
  const source = fakename?.trim() || login?.split('@', 1)[0]?.trim() || '';
  // Two letters as the eye reads them (an emoji or accented letter is one), not UTF-16 units.
  const letters = Array.from(source).slice(0, 2).join('');
  return `${letters}****`;
}
