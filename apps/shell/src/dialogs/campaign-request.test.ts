import { describe, expect, it } from 'vitest';
import { campaignPopupParam } from '@northstar/shell-sdk/query-params';
import {
  campaignDialog,
  campaignStepRequest,
  holdCampaignAddress,
  takeCampaignAddress,
} from './campaign-request.ts';

const at = (path: string) => {
  const url = new URL(path, 'https://site.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};
const step = (path: string, pending: Parameters<typeof campaignStepRequest>[1] = null) =>
  campaignStepRequest(at(path), pending, campaignPopupParam);

describe('the after-sign-in `campaign` step’s condition (§4, §6, §2)', () => {
  it('applies only when a campaign popup was asked for', () => {
    expect(step('/')).toBeNull();
    expect(step('/promotions?tab=casino')).toBeNull();
    expect(step('/?popup=welcome-deposit')).toEqual({ sysname: 'welcome-deposit', preview: false });
    expect(step('/es-ES/promotions?popup=spring#popup-preview')).toEqual({
      sysname: 'spring',
      preview: true,
    });
  });

  it('shows the campaign a visitor’s link asked for after the sign-in moved them on', () => {
    const held = { sysname: 'welcome-deposit', preview: false };
    expect(step('/', held)).toEqual(held);
    // The address's own request wins over an older held one.
    expect(step('/?popup=spring', held)).toEqual({ sysname: 'spring', preview: false });
  });

  it('never opens on a game page or the deposit page (§2), held or asked', () => {
    const held = { sysname: 'welcome-deposit', preview: false };
    expect(step('/game/northstar-dice?popup=welcome-deposit')).toBeNull();
    expect(step('/game/northstar-dice', held)).toBeNull();
    expect(step('/cashier/deposit?register=success', held)).toBeNull();
    expect(step('/es-ES/cashier/deposit', held)).toBeNull();
  });

  it('a held address is taken once (the latest one)', () => {
    holdCampaignAddress(at('/promotions?popup=a'));
    holdCampaignAddress(at('/promotions?popup=b'));
    expect(takeCampaignAddress()).toEqual(at('/promotions?popup=b'));
    expect(takeCampaignAddress()).toBeNull();
  });

  it('opens the promo remote’s campaign dialog', () => {
    expect(campaignDialog({ sysname: 'spring', preview: true })).toEqual({
      id: 'campaign',
      remote: 'promo',
      props: { sysname: 'spring', preview: true },
    });
  });
});
