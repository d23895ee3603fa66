import { describe, expect, it } from 'vitest';
import { chatBadgeHidden } from './chat-route.ts';
import { answerLiveChatRequests, requestLiveChat } from './chat-requests.ts';

describe('§2 the live-chat badge', () => {
  it.each([
    '/betting',
    '/betting/event/42',
    '/es-ES/betting',
    '/pt-BR/betting/event/7',
    '/game/northstar-dice',
    '/ru-RU/game/northstar-sunny-lemons-rising',
    '/game/northstar-dice/',
  ])('is hidden on the betting or game page %s', (path) => {
    expect(chatBadgeHidden(path)).toBe(true);
  });

  it.each([
    '/',
    '/es-ES',
    '/support',
    '/gamehall',
    '/gamehall/slots',
    '/promotions',
    '/cashier/deposit',
    '/profile/bets/history',
    // A content page whose slug merely starts like one.
    '/betting-rules',
    '/games',
    '/tournaments/3/gamehall',
  ])('is shown elsewhere: %s', (path) => {
    expect(chatBadgeHidden(path)).toBe(false);
  });
});

describe('the support page asking for the chat', () => {
  it('waits for the chat when asked before it started, then goes straight to it', () => {
    const opened: string[] = [];
    requestLiveChat();
    const stop = answerLiveChatRequests(() => opened.push('first'));
    expect(opened).toEqual(['first']);
    requestLiveChat();
    expect(opened).toEqual(['first', 'first']);
    stop();
    // Gone (the slot unmounted): the next ask waits for the next slot, once.
    requestLiveChat();
    requestLiveChat();
    const stopNext = answerLiveChatRequests(() => opened.push('next'));
    expect(opened).toEqual(['first', 'first', 'next']);
    stopNext();
  });
});
