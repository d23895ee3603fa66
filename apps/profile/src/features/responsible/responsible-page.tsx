import { useState } from 'react';
import styled from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { apiQueryKey } from '@northstar/shell-sdk';
import { Button, Skeleton } from '@northstar/ui';
import { ProfileFrame } from '../profile-frame/profile-frame.tsx';
import { BreakForm } from './break-form.tsx';
import {
  AmountLimitForm,
  GeneralError,
  LimitEntries,
  RealityCheckForm,
  SessionLimitForm,
} from './limit-forms.tsx';
import {
  depositLimitQuery,
  playLimitsQuery,
  RESPONSIBLE_METHODS,
  responsibleApi,
} from './responsible-api.ts';
import { Grid, Notice, Section } from './responsible-parts.tsx';

const Review = styled(Notice)`
  display: grid;
  gap: 12px;
  margin-bottom: 20px;
  div {
    display: flex;
    flex-wrap: wrap;
    gap: 10px;
  }
`;

/**
 * `/profile/responsible-game` (issue #25; §3 deposit limit and self-exclusion periods, UKGC RTS
 * 12 and 13): deposit, loss and session-time limits, reality checks, a break (time-out) and
 * self-exclusion. Every rule is enforced by the server; the page shows what it answers.
 */
export function ResponsiblePage() {
  const deposit = useQuery(depositLimitQuery());
  const play = useQuery(playLimitsQuery());

  let body;
  if (deposit.isError || play.isError) {
    body = <GeneralError />;
  } else if (!deposit.data || !play.data) {
    body = (
      <div aria-busy="true">
        <Skeleton $height="220px" $radius="16px" />
      </div>
    );
  } else {
    const currency = deposit.data.currency;
    body = (
      <div>
        {play.data.review.length > 0 ? <ReviewNotice /> : null}
        <Grid>
          <Section aria-labelledby="rg-deposit">
            <h2 id="rg-deposit">
              <Trans id="profile.responsible.deposit.title">Deposit limits</Trans>
            </h2>
            <p>
              <Trans id="profile.responsible.rules">
                A lower limit applies at once. A higher limit or a removal applies after 24 hours.
              </Trans>
            </p>
            <LimitEntries entries={deposit.data.limits} currency={currency} kind="deposit" />
            <AmountLimitForm kind="deposit" entries={deposit.data.limits} currency={currency} />
          </Section>
          <Section aria-labelledby="rg-loss">
            <h2 id="rg-loss">
              <Trans id="profile.responsible.loss.title">Loss limits</Trans>
            </h2>
            <p>
              <Trans id="profile.responsible.loss.text">
                Your net loss (stakes minus wins) in the period. A bet above what is left is
                refused.
              </Trans>
            </p>
            <LimitEntries entries={play.data.loss} currency={play.data.currency} kind="loss" />
            <AmountLimitForm kind="loss" entries={play.data.loss} currency={play.data.currency} />
          </Section>
          <Section aria-labelledby="rg-session">
            <h2 id="rg-session">
              <Trans id="profile.responsible.session.title">Session time limit</Trans>
            </h2>
            <p>
              <Trans id="profile.responsible.session.text">
                When a session reaches this time you are signed out.
              </Trans>
            </p>
            <SessionLimitForm limits={play.data} />
          </Section>
          <Section aria-labelledby="rg-reality">
            <h2 id="rg-reality">
              <Trans id="profile.responsible.reality.title">Reality check</Trans>
            </h2>
            <p>
              <Trans id="profile.responsible.reality.text">
                A reminder of your session time, stakes, wins and net position, on every page.
              </Trans>
            </p>
            <RealityCheckForm limits={play.data} />
          </Section>
          <Section aria-labelledby="rg-break">
            <h2 id="rg-break">
              <Trans id="profile.responsible.break.title">Take a break</Trans>
            </h2>
            <p>
              <Trans id="profile.responsible.break.text">
                Stop playing for a short time. You are signed out at once and cannot play or deposit
                until the break ends. You can still sign in to withdraw.
              </Trans>
            </p>
            <BreakForm kind="time_out" />
          </Section>
          <Section aria-labelledby="rg-exclusion">
            <h2 id="rg-exclusion">
              <Trans id="profile.responsible.exclusion.title">Self-exclusion</Trans>
            </h2>
            <p>
              <Trans id="profile.responsible.exclusion.text">
                Close your account to play for a long time or for good. Marketing stops. You can
                still sign in to withdraw the money left on the account.
              </Trans>
            </p>
            <BreakForm kind="self_exclusion" />
          </Section>
        </Grid>
      </div>
    );
  }

  return (
    <ProfileFrame
      title={<Trans id="profile.profileResponsibleGame.title">Responsible gaming</Trans>}
      lead={
        <Trans id="profile.responsible.lead">
          Set limits that keep play fun. The limits are enforced on every game and device.
        </Trans>
      }
    >
      {body}
    </ProfileFrame>
  );
}

/** The six-month review (issue #25): keep every limit as it is, or change one below. */
function ReviewNotice() {
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);
  const keep = async () => {
    try {
      const answer = await responsibleApi.send(RESPONSIBLE_METHODS.keepLimits);
      queryClient.setQueryData(apiQueryKey('account', 'getPlayLimits'), answer);
    } catch {
      setFailed(true);
    }
  };
  return (
    <Review role="status">
      <span>
        <Trans id="profile.responsible.review.text">
          Your limits were set six months ago or more. Keep them, or change them below.
        </Trans>
      </span>
      <div>
        <Button type="button" onClick={() => void keep()}>
          <Trans id="profile.responsible.review.keep">Keep my limits</Trans>
        </Button>
      </div>
      {failed ? <GeneralError /> : null}
    </Review>
  );
}
