import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { localizePath, type Messages } from '@northstar/i18n';
import {
  defineRemoteDialogs,
  routePath,
  useLinkProps,
  useShellNavigation,
  type DialogContentProps,
} from '@northstar/shell-sdk';
import { Button, ButtonLink, Skeleton } from '@northstar/ui';
import { campaignPopupQuery, type CampaignPopup } from './features/campaign/campaign-popup.ts';
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

const Picture = styled.img`
  display: block;
  width: 100%;
  height: auto;
  margin: 0 0 16px;
  border-radius: 12px;
  object-fit: cover;
`;

const Text = styled.p`
  margin: 0 0 12px;
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

/** The popup's title: the campaign's own once read (the queue's dialog is named by it). */
function CampaignTitle({ props }: { props: CampaignProps }) {
  const { locale } = useShellNavigation();
  const popup = useQuery(campaignPopupQuery(props.sysname, locale, props.preview ?? false));
  if (popup.data) return popup.data.title;
  if (popup.isPending) return <Trans id="promo.campaign.loading">Campaign</Trans>;
  return <Trans id="promo.campaign.missingTitle">This campaign is not running</Trans>;
}

/**
 * The campaign popup (§2 CampaignPopup): the content backend's popup of the `?popup=` system name
 * in the page's language, with its image, text and call to action. The shell opens it (never on a
 * game page or the deposit page, `campaignPopupParam`); a campaign that has no popup (ended,
 * mistyped) says so plainly and points to the promotions running today.
 */
function CampaignDialog({ close, props }: DialogContentProps<CampaignProps>) {
  const { locale } = useShellNavigation();
  const popup = useQuery(campaignPopupQuery(props.sysname, locale, props.preview ?? false));
  return (
    <>
      {props.preview && (
        <PreviewNote role="note" data-testid="campaign-preview">
          <Trans id="promo.campaign.preview">
            Preview: players do not see this popup until it is published.
          </Trans>
        </PreviewNote>
      )}
      {popup.isPending ? (
        <Skeleton $height="120px" $radius="12px" />
      ) : popup.data ? (
        <CampaignContent popup={popup.data} close={close} />
      ) : (
        <Missing close={close} />
      )}
    </>
  );
}

function CampaignContent({ popup, close }: { popup: CampaignPopup; close: () => void }) {
  return (
    <>
      {popup.image ? (
        <Picture
          src={popup.image}
          alt=""
          loading="lazy"
          decoding="async"
          width={360}
          height={240}
        />
      ) : null}
      {popup.text
        .split(/\n{2,}/)
        .filter((paragraph) => paragraph.trim() !== '')
        .map((paragraph, index) => (
          <Text key={index}>{paragraph}</Text>
        ))}
      <Actions>
        <Button variant="secondary" onClick={() => close()}>
          <Trans id="promo.campaign.later">Maybe later</Trans>
        </Button>
        {popup.action ? <CallToAction action={popup.action} /> : <PromotionsLink />}
      </Actions>
    </>
  );
}

/**
 * The popup's button: a site path in the page's language, or another site in a new tab. Following
 * a site path closes the popup by itself: the new address has no `popup` parameter, and the shell
 * closes a flag's dialog when its flag leaves the URL (closing it here as well would put the old
 * address back).
 */
function CallToAction({ action }: { action: NonNullable<CampaignPopup['action']> }) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(action.external ? action.url : localizePath(action.url, locale));
  if (action.external) {
    return (
      <ButtonLink href={action.url} target="_blank" rel="noopener noreferrer">
        {action.label}
      </ButtonLink>
    );
  }
  return <ButtonLink {...link}>{action.label}</ButtonLink>;
}

function PromotionsLink() {
  const { locale } = useShellNavigation();
  const promotions = useLinkProps(routePath('promotions', {}, locale));
  return (
    <ButtonLink {...promotions}>
      <Trans id="promo.campaign.seePromotions">See promotions</Trans>
    </ButtonLink>
  );
}

function Missing({ close }: { close: () => void }) {
  return (
    <>
      <Text>
        <Trans id="promo.campaign.missing">
          This campaign is not running any more. Have a look at the promotions running today.
        </Trans>
      </Text>
      <Actions>
        <Button variant="secondary" onClick={() => close()}>
          <Trans id="promo.campaign.close">Close</Trans>
        </Button>
        <PromotionsLink />
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
