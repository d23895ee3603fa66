import { describe, expect, it } from 'vitest';
import { actionTarget, readCampaignPopup } from './campaign-popup.ts';

describe('campaign popup content (§2 CampaignPopup, issue #26)', () => {
  it('reads the first popup entry with its text, image and call to action', () => {
    const popup = readCampaignPopup({
      data: [
        {
          id: 4,
          sysname: 'welcome-deposit',
          title: 'Welcome bonus',
          text: 'Deposit today.',
          image: { url: '/popups/welcome.svg' },
          button: { label: ' Deposit ', url: '/cashier/deposit' },
        },
      ],
    });
    expect(popup).toEqual({
      sysname: 'welcome-deposit',
      title: 'Welcome bonus',
      text: 'Deposit today.',
      image: '/popups/welcome.svg',
      action: { label: 'Deposit', url: '/cashier/deposit', external: false },
    });
  });

  it('answers null for no entry, an untitled one or a malformed answer', () => {
    expect(readCampaignPopup({ data: [] })).toBeNull();
    expect(readCampaignPopup({ data: [{ title: '  ' }] })).toBeNull();
    expect(readCampaignPopup(null)).toBeNull();
    expect(readCampaignPopup({ data: 'x' })).toBeNull();
  });

  it('gives a button only for a site path or an https page, with a label', () => {
    expect(actionTarget('/promotions/3')).toEqual({ url: '/promotions/3', external: false });
    expect(actionTarget('https://partner.example/x')).toEqual({
      url: 'https://partner.example/x',
      external: true,
    });
    expect(actionTarget('javascript:alert(1)')).toBeNull();
    expect(actionTarget('//evil.example/x')).toBeNull();
    expect(actionTarget('/\\evil.example')).toBeNull();
    expect(actionTarget('http://plain.example')).toBeNull();
    expect(actionTarget(7)).toBeNull();
    const unlabelled = readCampaignPopup({
      data: [{ title: 'T', button: { label: '', url: '/cashier/deposit' } }],
    });
    expect(unlabelled?.action).toBeNull();
  });
});
