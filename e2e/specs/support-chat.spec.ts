import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInAsStaff } from '../support/accounts.ts';

/**
 * Live support (issue #30), in Chromium: a player writes in the site's chat widget, a support
 * agent takes the conversation in the back office's console and answers, and each sees the
 * other's messages arrive live (Server-Sent Events); the player's history survives a reload.
 */

const API = '?v=2.34&locale=en-US';
const MARKER = { 'X-App-Client': 'web/2.34' };

/** Letters only (§5 names allow no digits): a name no other test's player has. */
const uniqueName = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

async function registerNamed(request: APIRequestContext, lastName: string): Promise<void> {
  const registered = await request.post(`/api/auth/register${API}`, {
    headers: MARKER,
    multipart: {
      email: `chat-${Date.now()}-${lastName}@example.com`,
      password: 'Secret-123',
      currency: 'EUR',
      terms: '1',
      country_code: 'US',
      region: 'NV',
      first_name: 'Chatty',
      last_name: lastName,
      birth_date: '1990-02-02',
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
}

test("a support agent answers a player's chat from the console while the player sees it live", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const lastName = uniqueName();
  const name = `Chatty ${lastName}`;

  const playerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const player = await playerContext.newPage();
  await registerNamed(player.request, lastName);

  const agentContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await signInAsStaff(agentContext.request, 'support');
  const agent = await agentContext.newPage();
  await agent.goto('/backoffice');
  await agent
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Live chat' })
    .click();
  await expect(agent.getByRole('heading', { name: 'Live chat', level: 1 })).toBeVisible();

  // The player writes.
  await player.goto('/');
  await player.getByRole('button', { name: 'Live chat' }).click();
  const widget = player.getByRole('dialog', { name: 'Live support' });
  const messages = widget.getByRole('log', { name: 'Messages' });
  await widget.getByRole('textbox', { name: 'Message' }).fill('Hello, my deposit has not arrived');
  await widget.getByRole('button', { name: 'Send' }).click();
  await expect(messages).toContainText('Hello, my deposit has not arrived');

  // The console's queue shows the player live (no reload); the agent opens and takes the chat.
  const queued = agent.getByRole('button', { name });
  await expect(queued).toBeVisible();
  await queued.click();
  const conversation = agent.getByRole('log', { name: 'Conversation' });
  await expect(conversation).toContainText('Hello, my deposit has not arrived');
  await agent.getByRole('button', { name: 'Take' }).click();
  await expect(agent.getByRole('button', { name: 'Take' })).toHaveCount(0);

  // The agent answers; the player sees it arrive without reloading.
  await agent.getByRole('textbox', { name: 'Reply' }).fill('Hi! Let me check that for you.');
  await agent.getByRole('button', { name: 'Send' }).click();
  await expect(conversation).toContainText('Hi! Let me check that for you.');
  await expect(messages).toContainText('Hi! Let me check that for you.');

  // The player answers back; the agent sees it live.
  await widget.getByRole('textbox', { name: 'Message' }).fill('Thank you');
  await widget.getByRole('button', { name: 'Send' }).click();
  await expect(conversation).toContainText('Thank you');

  // History survives a reload of the player's page.
  await player.reload();
  await player.getByRole('button', { name: 'Live chat' }).click();
  await expect(messages).toContainText('Hi! Let me check that for you.');
  await expect(messages).toContainText('Thank you');

  await playerContext.close();
  await agentContext.close();
});
