import { useId, useState } from 'react';
import styled from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { routePath, showToast, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { media, Skeleton } from '@northstar/ui';
import { Checkbox } from '@northstar/ui/forms';
import {
  PROFILE_METHODS,
  profileApi,
  profileKey,
  refreshPlayer,
  useProfileInfo,
  type Contact,
} from '../shared/account-api.ts';
import { useProblemText } from '../shared/field-messages.ts';
import { Chip, Muted, Notice, Panel, ProfileFrame } from '../profile-frame/profile-frame.tsx';
import {
  channelReachable,
  CHANNELS,
  consentGrid,
  PRODUCTS,
  subscribableContacts,
  type Channel,
  type ConsentView,
  type Product,
} from './notifications-model.ts';

/**
 * `/profile/notification` (issue #25): which confirmed contacts receive news and offers
 * (`changeSubscription`), and the marketing consent per product and channel
 * (`getMarketingConsent` / `setMarketingConsent`), each shown with when it was given. The server
 * queues no marketing without it, and a self-exclusion withdraws it.
 */
export function NotificationsPage() {
  const profile = useProfileInfo();
  const consents = useQuery({
    queryKey: profileKey('getMarketingConsent'),
    queryFn: () => profileApi.send(PROFILE_METHODS.getMarketingConsent),
  });
  const contacts = profile.data?.contacts ?? [];
  return (
    <ProfileFrame
      title={<Trans id="profile.notifications.title">Notifications</Trans>}
      lead={
        <Trans id="profile.notifications.lead">
          Choose where we may write to you and what about. You can change your mind at any time.
        </Trans>
      }
    >
      {profile.data ? (
        <SubscriptionsPanel contacts={contacts} />
      ) : (
        <Skeleton $height="180px" $radius="16px" />
      )}
      {consents.data && profile.data ? (
        <ConsentPanel consents={consents.data} contacts={contacts} />
      ) : (
        <Skeleton $height="260px" $radius="16px" />
      )}
    </ProfileFrame>
  );
}

function SubscriptionsPanel({ contacts }: { contacts: readonly Contact[] }) {
  const titleId = useId();
  const { locale } = useShellNavigation();
  const settingsLink = useLinkProps(routePath('profileSettings', {}, locale));
  const { confirmed, unconfirmed } = subscribableContacts(contacts);
  return (
    <Panel
      labelId={titleId}
      title={<Trans id="profile.subscriptions.title">Subscriptions</Trans>}
      lead={
        <Trans id="profile.subscriptions.lead">
          News and offers go only to confirmed contacts you switch on here.
        </Trans>
      }
    >
      {confirmed.length > 0 ? (
        <List>
          {confirmed.map((contact) => (
            <SubscriptionRow key={`${contact.type}:${contact.contact}`} contact={contact} />
          ))}
        </List>
      ) : (
        <Muted>
          <Trans id="profile.subscriptions.none">You have no confirmed contact yet.</Trans>
        </Muted>
      )}
      {unconfirmed.length > 0 ? (
        <Muted style={{ marginTop: 12 }}>
          <Trans id="profile.subscriptions.confirmFirst">
            An unconfirmed contact cannot receive news yet.
          </Trans>{' '}
          <a {...settingsLink}>
            <Trans id="profile.subscriptions.confirmLink">Confirm them in your settings</Trans>
          </a>
        </Muted>
      ) : null}
    </Panel>
  );
}

function SubscriptionRow({ contact }: { contact: Contact }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const problemText = useProblemText();
  const [busy, setBusy] = useState(false);
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      await profileApi.send(PROFILE_METHODS.changeSubscription, {
        contact: contact.contact,
        subscription: on ? '1' : '0',
      });
      await refreshPlayer(queryClient);
      showToast({
        tone: 'success',
        text: on
          ? t({ id: 'profile.subscriptions.on', message: 'Subscribed.' })
          : t({ id: 'profile.subscriptions.off', message: 'Unsubscribed.' }),
      });
    } catch (error) {
      showToast({ tone: 'error', text: problemText(error) });
    } finally {
      setBusy(false);
    }
  };
  const shown = contact.type === 'phone' ? `+${contact.contact}` : contact.contact;
  return (
    <Item>
      <Checkbox
        checked={contact.is_subscribed}
        disabled={busy}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        label={
          contact.type === 'email' ? (
            <Trans id="profile.subscriptions.emailLabel">
              News and offers by e-mail to {shown}
            </Trans>
          ) : (
            <Trans id="profile.subscriptions.smsLabel">News and offers by SMS to {shown}</Trans>
          )
        }
      />
      <Chip $tone={contact.is_subscribed ? 'success' : 'muted'} aria-hidden="true">
        {contact.is_subscribed ? (
          <Trans id="profile.subscriptions.stateOn">On</Trans>
        ) : (
          <Trans id="profile.subscriptions.stateOff">Off</Trans>
        )}
      </Chip>
    </Item>
  );
}

function ConsentPanel({
  consents,
  contacts,
}: {
  consents: readonly ConsentView[];
  contacts: readonly Contact[];
}) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const queryClient = useQueryClient();
  const problemText = useProblemText();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const grid = consentGrid(consents);
  const productName: Record<Product, string> = {
    casino: t({ id: 'profile.consent.casino', message: 'Casino' }),
    sports: t({ id: 'profile.consent.sports', message: 'Sports betting' }),
  };
  const channelName: Record<Channel, string> = {
    email: t({ id: 'profile.consent.email', message: 'E-mail' }),
    sms: t({ id: 'profile.consent.sms', message: 'SMS' }),
    push: t({ id: 'profile.consent.push', message: 'Push notifications' }),
  };
  const dateText = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  const change = async (product: Product, channel: Channel, consent: boolean) => {
    setBusy(`${product}:${channel}`);
    setProblem(null);
    try {
      const next = await profileApi.send(PROFILE_METHODS.setMarketingConsent, {
        product,
        channel,
        consent: consent ? '1' : '0',
      });
      queryClient.setQueryData(profileKey('getMarketingConsent'), next);
    } catch (error) {
      setProblem(problemText(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Panel
      labelId={titleId}
      title={<Trans id="profile.consent.title">Marketing consent</Trans>}
      lead={
        <Trans id="profile.consent.lead">
          We send offers about a product only on the channels you agree to here. We keep the date of
          each choice.
        </Trans>
      }
    >
      <Products>
        {PRODUCTS.map((product) => (
          <Product key={product}>
            <legend>{productName[product]}</legend>
            {CHANNELS.map((channel) => {
              const entry = grid[product][channel];
              return (
                <ChannelRow key={channel}>
                  <Checkbox
                    checked={entry.granted}
                    disabled={busy === `${product}:${channel}`}
                    onChange={(event) => void change(product, channel, event.currentTarget.checked)}
                    label={channelName[channel]}
                    hint={
                      entry.recorded_at ? (
                        entry.granted ? (
                          <Trans id="profile.consent.givenOn">
                            Given on {dateText(entry.recorded_at)}
                          </Trans>
                        ) : (
                          <Trans id="profile.consent.withdrawnOn">
                            Withdrawn on {dateText(entry.recorded_at)}
                          </Trans>
                        )
                      ) : entry.granted || channelReachable(channel, contacts) ? undefined : (
                        <Trans id="profile.consent.noContact">
                          No confirmed, subscribed contact for this channel yet.
                        </Trans>
                      )
                    }
                  />
                </ChannelRow>
              );
            })}
          </Product>
        ))}
      </Products>
      {problem ? (
        <Notice role="alert" style={{ marginTop: 16 }}>
          {problem}
        </Notice>
      ) : null}
    </Panel>
  );
}

const List = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  word-break: break-word;
`;

const Products = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: 1fr;
  ${media.from('tablet')} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Product = styled.fieldset`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  legend {
    padding: 0 6px;
    font-family: ${({ theme }) => theme.fonts.display};
    font-weight: 700;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const ChannelRow = styled.div`
  min-height: 36px;
`;
