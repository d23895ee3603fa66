import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import type { Messages } from '@northstar/i18n';
import {
  defineRemoteDialogs,
  routePath,
  useLinkProps,
  useShellNavigation,
  type DialogContentProps,
} from '@northstar/shell-sdk';
import { Button, ButtonLink } from '@northstar/ui';
import {
  PromoActivatedDialog,
  PromoActivatedTitle,
} from './features/promo-code/activated-dialog.tsx';
import { PROMO_ACTIVATED_DIALOG } from './features/shared/activated-props.ts';

/** What the shell passes a campaign popup: the campaign's system name from `?popup=` (§2). */
export interface CampaignProps {
  sysname: string;
  /** `#popup-preview` (§2): the operator checks the popup before it is published. */
  preview?: boolean;
}

const PreviewNote = styled.p`
  margin: 0 0 16px;
  padding: 8px 12px;
  border-radius: 8px;
  border: 1px dashed currentColor;
  font-size: 0.875rem;
  font-weight: 600;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 20px;
  > * {
    flex: 1 1 160px;
  }
`;

function CampaignTitle() {
  return <Trans id="promo.campaign.title">A new campaign is on its way</Trans>;
}

/**
 * The campaign popup (§2 CampaignPopup). Campaign content is not built yet, so it says so
 * plainly and points to the promotions that exist; the shell opens it from `?popup=<sysname>`.
 */
function CampaignDialog({ close, props }: DialogContentProps<CampaignProps>) {
  const { locale } = useShellNavigation();
  const promotions = useLinkProps(routePath('promotions', {}, locale));
  return (
    <>
      {props.preview && (
        <PreviewNote role="note" data-testid="campaign-preview">
          <Trans id="promo.campaign.preview">
            Preview: players do not see this popup until it is published.
          </Trans>
        </PreviewNote>
      )}
      <p>
        <Trans id="promo.campaign.text">
          We are preparing this campaign right now. Until it starts, have a look at the promotions
          running today.
        </Trans>
      </p>
      <Actions>
        <Button variant="secondary" onClick={() => close()}>
          <Trans id="promo.campaign.later">Maybe later</Trans>
        </Button>
        <ButtonLink {...promotions}>
          <Trans id="promo.campaign.seePromotions">See promotions</Trans>
        </ButtonLink>
      </Actions>
    </>
  );
}

/** The promo remote's dialogs by id, for the shell's queue (its `./dialogs` expose). */
export default defineRemoteDialogs({
  name: 'promo',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  dialogs: {
    campaign: { title: CampaignTitle, component: CampaignDialog },
    // §2 PromocodeActivatedPopup, after a code or an offer granted something (§4).
    [PROMO_ACTIVATED_DIALOG]: { title: PromoActivatedTitle, component: PromoActivatedDialog },
  },
});
