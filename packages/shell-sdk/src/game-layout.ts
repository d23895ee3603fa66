/**
 * The element of the shell's header, on the game layout only, that the game page fills with its
 * session figures (elapsed time, net position: UK RTS 14 and 2E) through a portal. The header
 * stays the shell's; the figures stay the casino's, which knows the session.
 */
export const GAME_HEADER_SLOT_ID = 'game-header-slot';
