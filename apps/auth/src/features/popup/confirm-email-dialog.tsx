import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import {
  routePath,
  useLinkProps,
  useShellNavigation,
  type DialogContentProps,
} from '@northstar/shell-sdk';
import { Button, ButtonLink } from '@northstar/ui';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 20px;
  > * {
    flex: 1 1 160px;
  }
`;

export function ConfirmEmailTitle() {
  return <Trans id="auth.confirmEmail.title">Confirm your e-mail</Trans>;
}

/**
 * §4 the first follow-up popup after a sign-up (registration settings `confirmEmailPopup`): the
 * new player is asked to confirm the e-mail they registered with, on `/confirmation`.
 */
export function ConfirmEmailDialog({ close }: DialogContentProps) {
  const { locale } = useShellNavigation();
  const confirm = useLinkProps(routePath('confirmation', {}, locale));
  return (
    <>
      <p>
        <Trans id="auth.confirmEmail.text">
          Confirm your e-mail address now: it receives your sign-in and password reset codes and
          keeps your account safe.
        </Trans>
      </p>
      <Actions>
        <Button variant="secondary" onClick={() => close()}>
          <Trans id="auth.confirmEmail.later">Later</Trans>
        </Button>
        <ButtonLink
          {...confirm}
          onClick={(event) => {
            close();
            confirm.onClick(event);
          }}
        >
          <Trans id="auth.confirmEmail.confirm">Confirm now</Trans>
        </ButtonLink>
      </Actions>
    </>
  );
}
