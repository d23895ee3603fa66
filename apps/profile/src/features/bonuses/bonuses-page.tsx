import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  isApiError,
  routePath,
  showToast,
  useLinkProps,
  useShellNavigation,
  useSiteContent,
} from '@northstar/shell-sdk';
import { Button, ButtonLink, Skeleton } from '@northstar/ui';
import { Checkbox, Input, Tabs } from '@northstar/ui/forms';
import { useProblemText } from '../shared/field-messages.ts';
import { Muted, Notice, Panel, ProfileFrame } from '../profile-frame/profile-frame.tsx';
import { BonusCard, useBonusFormats } from './bonus-card.tsx';
import {
  activatePromoCode,
  afterBonusChange,
  bettingBonusesQuery,
  bonusesQuery,
  sendBonusAction,
  sendFreeBetAction,
  type Bonus,
  type BonusAction,
  type FreeBet,
  type FreeBetAction,
} from './bonuses-api.ts';
import { FreeBetCard } from './free-bet-card.tsx';
import {
  filterOf,
  firstFilter,
  freeBetFilter,
  promoError,
  promoInput,
  STATUS_FILTERS,
  tabOrder,
  type BonusTab,
  type PromoError,
  type StatusFilter,
} from './bonuses-model.ts';

/** Only a player who acts on a bonus sees a confirm: not in the page's first download (§2). */
const ConfirmDialog = lazy(() =>
  import('@northstar/ui/dialog').then((module) => ({ default: module.ConfirmDialog })),
);

/**
 * `/profile/bonuses` (§2, issue #26): the promo-code switcher (`showPromocodeSwitcher`), then the
 * casino and betting tabs in the operator's order (`bonusesSwitchOrder`), each bonus with what
 * stands between the player and a withdrawal.
 */
export function BonusesPage() {
  const { t } = useLingui();
  const offers = useSiteContent()?.commonContent.offers;
  const tabs = tabOrder(offers?.['bonusesSwitchOrder']);
  // §3: the switcher shows unless the operator turned it off (the platform's default is on).
  const showPromo = offers?.['showPromocodeSwitcher'] !== false;
  const labels: Record<BonusTab, ReactNode> = {
    casino: <Trans id="profile.bonuses.tabCasino">Casino</Trans>,
    betting: <Trans id="profile.bonuses.tabBetting">Sports betting</Trans>,
  };
  const panels: Record<BonusTab, ReactNode> = {
    casino: <CasinoBonuses />,
    betting: <BettingBonuses />,
  };
  return (
    <ProfileFrame
      title={<Trans id="profile.profileBonuses.title">Bonuses</Trans>}
      lead={
        <Trans id="profile.bonuses.lead">
          Your bonuses, what each asks of you before it becomes money you can withdraw, and how long
          you have.
        </Trans>
      }
    >
      {showPromo ? <PromoPanel /> : null}
      <Shrinkable>
        <Tabs
          label={t({ id: 'profile.bonuses.tabsLabel', message: 'Bonus type' })}
          items={tabs.map((id) => ({ id, label: labels[id], panel: panels[id] }))}
        />
      </Shrinkable>
    </ProfileFrame>
  );
}

type Pending = { action: BonusAction; bonus: Bonus } | null;

function CasinoBonuses() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const problemText = useProblemText();
  const bonuses = useQuery(bonusesQuery());
  const [chosen, setChosen] = useState<StatusFilter | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [problems, setProblems] = useState<Record<number, string>>({});

  if (bonuses.isPending) return <Skeleton $height="320px" $radius="16px" />;
  if (bonuses.isError) {
    return (
      <Notice role="alert">
        {problemText(bonuses.error)}{' '}
        <Button size="sm" variant="secondary" onClick={() => void bonuses.refetch()}>
          <Trans id="profile.bonuses.retry">Try again</Trans>
        </Button>
      </Notice>
    );
  }

  const items = bonuses.data.items;
  const filter = chosen ?? firstFilter(items.map((item) => item.status));
  const shown = items.filter((item) => filterOf(item.status) === filter);
  const count = (f: StatusFilter) => items.filter((item) => filterOf(item.status) === f).length;
  const active = count('active');
  const available = count('available');
  const ended = count('history');
  const filterLabels: Record<StatusFilter, string> = {
    active: t({ id: 'profile.bonuses.filterActive', message: `Active (${active})` }),
    available: t({ id: 'profile.bonuses.filterAvailable', message: `Available (${available})` }),
    history: t({ id: 'profile.bonuses.filterHistory', message: `History (${ended})` }),
  };

  const act = async (action: BonusAction, bonus: Bonus) => {
    setBusy(bonus.id);
    setProblems(({ [bonus.id]: _gone, ...others }) => others);
    try {
      await sendBonusAction(action, bonus.id);
      setPending(null);
      await afterBonusChange(queryClient);
      // The bonus moves to the filter of its new status: follow it there.
      setChosen(
        action === 'activate' ? 'active' : action === 'deactivate' ? 'available' : 'history',
      );
      showToast({
        tone: 'success',
        text:
          action === 'activate'
            ? t({ id: 'profile.bonuses.activated', message: 'Bonus activated. Good luck!' })
            : action === 'deactivate'
              ? t({ id: 'profile.bonuses.deactivated', message: 'Bonus deactivated.' })
              : t({ id: 'profile.bonuses.removed', message: 'Bonus removed.' }),
      });
    } catch (error) {
      setPending(null);
      setProblems((current) => ({ ...current, [bonus.id]: actionProblem(error) }));
      // Its state may have moved on (the job expired it, another tab acted): read it again.
      void afterBonusChange(queryClient);
    } finally {
      setBusy(null);
    }
  };

  const actionProblem = (error: unknown): string => {
    const reason = isApiError(error) ? error.errorData['reason'] : undefined;
    switch (reason) {
      case 'bonus_in_play':
        return t({
          id: 'profile.bonuses.problem.inPlay',
          message:
            'This bonus is already in play, so it cannot be deactivated. You can remove it instead.',
        });
      case 'bonus_already_active':
        return t({
          id: 'profile.bonuses.problem.anotherActive',
          message: 'Another bonus is wagering. Finish or remove it before activating this one.',
        });
      case 'bonus_expired':
        return t({
          id: 'profile.bonuses.problem.expired',
          message: 'This bonus has expired and can no longer be activated.',
        });
      case 'bonus_status':
        return t({
          id: 'profile.bonuses.problem.changed',
          message: 'This bonus has changed in the meantime. The list shows it as it is now.',
        });
      default:
        return problemText(error);
    }
  };

  return (
    <Section>
      <Tabs
        label={t({ id: 'profile.bonuses.filtersLabel', message: 'Show bonuses' })}
        value={filter}
        onChange={setChosen}
        items={STATUS_FILTERS.map((id) => ({ id, label: filterLabels[id] }))}
      />
      {shown.length > 0 ? (
        <List>
          {shown.map((bonus) => (
            <li key={bonus.id}>
              <BonusCard
                bonus={bonus}
                busy={busy === bonus.id}
                problem={problems[bonus.id] ?? null}
                onAction={(action) => setPending({ action, bonus })}
              />
            </li>
          ))}
        </List>
      ) : (
        <EmptyState filter={filter} />
      )}
      {pending ? (
        <Suspense fallback={null}>
          <BonusConfirm
            pending={pending}
            busy={busy === pending.bonus.id}
            onClose={() => setPending(null)}
            onAgree={() => void act(pending.action, pending.bonus)}
          />
        </Suspense>
      ) : null}
    </Section>
  );
}

/** §2 the bonus activate / remove confirms (and ours for deactivate): what the step does, first. */
function BonusConfirm({
  pending,
  busy,
  onClose,
  onAgree,
}: {
  pending: NonNullable<Pending>;
  busy: boolean;
  onClose: () => void;
  onAgree: () => void;
}) {
  const { t } = useLingui();
  const { money, when } = useBonusFormats();
  const { action, bonus } = pending;
  const amount = money(bonus.amount);
  const required = money(bonus.wagering.required);
  const maxBet = bonus.max_bet ? money(bonus.max_bet) : '';
  const activateBy = when(bonus.activate_until);
  const common = {
    open: true,
    closeLabel: t({ id: 'profile.bonuses.confirmClose', message: 'Close' }),
    onClose,
    onAgree,
    busy,
  };
  if (action === 'activate') {
    return (
      <ConfirmDialog
        {...common}
        dialogId="bonus-activate"
        title={t({ id: 'profile.bonuses.activateTitle', message: 'Activate this bonus?' })}
        rejectLabel={<Trans id="profile.bonuses.activateReject">Not now</Trans>}
        agreeLabel={<Trans id="profile.bonuses.activateAgree">Activate bonus</Trans>}
      >
        <p>
          <Trans id="profile.bonuses.activateText">
            {amount} in bonus money is added to your balance. It becomes real money once you have
            wagered {required}; until then it cannot be withdrawn.
          </Trans>
        </p>
        {maxBet ? (
          <p>
            <Trans id="profile.bonuses.activateMaxBet">
              While it wagers, a single bet may be at most {maxBet}. A bigger bet is refused, never
              voided afterwards.
            </Trans>
          </p>
        ) : null}
      </ConfirmDialog>
    );
  }
  if (action === 'deactivate') {
    return (
      <ConfirmDialog
        {...common}
        dialogId="bonus-deactivate"
        title={t({ id: 'profile.bonuses.deactivateTitle', message: 'Deactivate this bonus?' })}
        rejectLabel={<Trans id="profile.bonuses.deactivateReject">Keep it active</Trans>}
        agreeLabel={<Trans id="profile.bonuses.deactivateAgree">Deactivate</Trans>}
      >
        <p>
          <Trans id="profile.bonuses.deactivateText">
            The bonus money leaves your balance and the bonus waits as available: you can activate
            it again until {activateBy}.
          </Trans>
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      {...common}
      dialogId="bonus-remove"
      title={t({ id: 'profile.bonuses.removeTitle', message: 'Remove this bonus?' })}
      rejectLabel={<Trans id="profile.bonuses.removeReject">Keep my bonus</Trans>}
      agreeLabel={<Trans id="profile.bonuses.removeAgree">Remove bonus</Trans>}
    >
      <p>
        <Trans id="profile.bonuses.removeText">
          This cannot be undone. The bonus money and anything won with it leave your balance. Your
          own money is not affected.
        </Trans>
      </p>
    </ConfirmDialog>
  );
}

function PromotionsLink() {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath('promotions', {}, locale));
  return (
    <ButtonLink variant="secondary" {...link}>
      <Trans id="profile.bonuses.seePromotions">See promotions</Trans>
    </ButtonLink>
  );
}

function EmptyState({ filter }: { filter: StatusFilter }) {
  return (
    <Empty data-testid="bonuses-empty">
      <Muted>
        {filter === 'active' ? (
          <Trans id="profile.bonuses.emptyActive">
            No bonus is wagering right now. Activate an available one, or find a promotion.
          </Trans>
        ) : filter === 'available' ? (
          <Trans id="profile.bonuses.emptyAvailable">
            No bonus is waiting for you. Promotions list the offers you can claim.
          </Trans>
        ) : (
          <Trans id="profile.bonuses.emptyHistory">
            Bonuses you have finished, removed or let expire are listed here.
          </Trans>
        )}
      </Muted>
      <PromotionsLink />
    </Empty>
  );
}

type PendingFreeBet = { action: FreeBetAction; bet: FreeBet } | null;

/**
 * The sportsbook's free bets (`bettingbonuses/get|activate|remove`, issues #26/#29), filtered as
 * the casino tab is, each with the §2 activate (betting-bonus-activated) and remove confirms.
 */
function BettingBonuses() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const problemText = useProblemText();
  const bets = useQuery(bettingBonusesQuery());
  const [chosen, setChosen] = useState<StatusFilter | null>(null);
  const [pending, setPending] = useState<PendingFreeBet>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [problems, setProblems] = useState<Record<number, string>>({});

  if (bets.isPending) return <Skeleton $height="240px" $radius="16px" />;
  if (bets.isError) {
    return (
      <Notice role="alert">
        {problemText(bets.error)}{' '}
        <Button size="sm" variant="secondary" onClick={() => void bets.refetch()}>
          <Trans id="profile.bonuses.retry">Try again</Trans>
        </Button>
      </Notice>
    );
  }

  const items = bets.data.items;
  const present = new Set(items.map(freeBetFilter));
  const filter = chosen ?? STATUS_FILTERS.find((f) => present.has(f)) ?? 'active';
  const shown = items.filter((item) => freeBetFilter(item) === filter);
  const count = (f: StatusFilter) => items.filter((item) => freeBetFilter(item) === f).length;
  const active = count('active');
  const available = count('available');
  const ended = count('history');
  const filterLabels: Record<StatusFilter, string> = {
    active: t({ id: 'profile.bonuses.filterActive', message: `Active (${active})` }),
    available: t({ id: 'profile.bonuses.filterAvailable', message: `Available (${available})` }),
    history: t({ id: 'profile.bonuses.filterHistory', message: `History (${ended})` }),
  };

  const actionProblem = (error: unknown): string => {
    const reason = isApiError(error) ? error.errorData['reason'] : undefined;
    switch (reason) {
      case 'bonus_expired':
        return t({
          id: 'profile.freeBets.problem.expired',
          message: 'This free bet has expired and can no longer be activated.',
        });
      case 'free_bet_in_play':
        return t({
          id: 'profile.freeBets.problem.inPlay',
          message: 'This free bet is in a bet that has not been settled yet.',
        });
      case 'bonus_status':
        return t({
          id: 'profile.freeBets.problem.changed',
          message: 'This free bet has changed in the meantime. The list shows it as it is now.',
        });
      default:
        return problemText(error);
    }
  };

  const act = async (action: FreeBetAction, bet: FreeBet) => {
    setBusy(bet.id);
    setProblems(({ [bet.id]: _gone, ...others }) => others);
    try {
      await sendFreeBetAction(action, bet.id);
      setPending(null);
      await afterBonusChange(queryClient);
      setChosen(action === 'activate' ? 'active' : 'history');
      showToast({
        tone: 'success',
        text:
          action === 'activate'
            ? t({
                id: 'profile.freeBets.activated',
                message: 'Free bet activated. Use it on the sportsbook.',
              })
            : t({ id: 'profile.freeBets.removed', message: 'Free bet removed.' }),
      });
    } catch (error) {
      setPending(null);
      setProblems((current) => ({ ...current, [bet.id]: actionProblem(error) }));
      void afterBonusChange(queryClient);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section data-testid="betting-bonuses">
      <Tabs
        label={t({ id: 'profile.freeBets.filtersLabel', message: 'Show free bets' })}
        value={filter}
        onChange={setChosen}
        items={STATUS_FILTERS.map((id) => ({ id, label: filterLabels[id] }))}
      />
      {shown.length > 0 ? (
        <List>
          {shown.map((bet) => (
            <li key={bet.id}>
              <FreeBetCard
                bet={bet}
                busy={busy === bet.id}
                problem={problems[bet.id] ?? null}
                onAction={(action) => setPending({ action, bet })}
              />
            </li>
          ))}
        </List>
      ) : (
        <Empty data-testid="free-bets-empty">
          <Muted>
            {filter === 'active' ? (
              <Trans id="profile.freeBets.emptyActive">
                No free bet is ready to use. Activate an available one, or find a promotion.
              </Trans>
            ) : filter === 'available' ? (
              <Trans id="profile.bonuses.bettingEmpty">
                You have no free bets. When a sports promotion gives you one, it appears here with
                its terms.
              </Trans>
            ) : (
              <Trans id="profile.freeBets.emptyHistory">
                Free bets you have used, removed or let expire are listed here.
              </Trans>
            )}
          </Muted>
          <PromotionsLink />
        </Empty>
      )}
      {pending ? (
        <Suspense fallback={null}>
          <FreeBetConfirm
            pending={pending}
            busy={busy === pending.bet.id}
            onClose={() => setPending(null)}
            onAgree={() => void act(pending.action, pending.bet)}
          />
        </Suspense>
      ) : null}
    </Section>
  );
}

/** §2 betting-bonus-activated and bonus remove confirms, for a free bet: what the step does. */
function FreeBetConfirm({
  pending,
  busy,
  onClose,
  onAgree,
}: {
  pending: NonNullable<PendingFreeBet>;
  busy: boolean;
  onClose: () => void;
  onAgree: () => void;
}) {
  const { t } = useLingui();
  const { money, when } = useBonusFormats();
  const { action, bet } = pending;
  const amount = money(bet.amount);
  const minOdds = bet.min_odds;
  const expiry = when(bet.expires_at);
  const common = {
    open: true,
    closeLabel: t({ id: 'profile.bonuses.confirmClose', message: 'Close' }),
    onClose,
    onAgree,
    busy,
  };
  if (action === 'activate') {
    return (
      <ConfirmDialog
        {...common}
        dialogId="betting-bonus-activated"
        title={t({ id: 'profile.freeBets.activateTitle', message: 'Activate this free bet?' })}
        rejectLabel={<Trans id="profile.bonuses.activateReject">Not now</Trans>}
        agreeLabel={<Trans id="profile.freeBets.activateAgree">Activate free bet</Trans>}
      >
        <p>
          <Trans id="profile.freeBets.activateText">
            {amount} is added to your betting bonus balance. Stake it on one bet at odds of{' '}
            {minOdds} or more by {expiry}.
          </Trans>
        </p>
        <p>
          <Trans id="profile.freeBets.activateWin">
            If the bet wins, the winnings are real money you can withdraw; the free bet’s stake is
            not paid out.
          </Trans>
        </p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      {...common}
      dialogId="betting-bonus-remove"
      title={t({ id: 'profile.freeBets.removeTitle', message: 'Remove this free bet?' })}
      rejectLabel={<Trans id="profile.freeBets.removeReject">Keep my free bet</Trans>}
      agreeLabel={<Trans id="profile.freeBets.removeAgree">Remove free bet</Trans>}
    >
      <p>
        <Trans id="profile.freeBets.removeText">
          This cannot be undone. The free bet leaves your balance. Your own money is not affected.
        </Trans>
      </p>
    </ConfirmDialog>
  );
}

/** §3 `showPromocodeSwitcher`, §4 promo field: a toggle reveals it; §8 promo errors on it. */
function PromoPanel() {
  const { t } = useLingui();
  const titleId = useId();
  const queryClient = useQueryClient();
  const problemText = useProblemText();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const promoText: Record<PromoError, string> = {
    invalid: t({ id: 'profile.bonuses.promo.invalid', message: 'This promo code is not valid' }),
    expired: t({ id: 'profile.bonuses.promo.expired', message: 'This promo code has expired' }),
    used: t({
      id: 'profile.bonuses.promo.used',
      message: 'This promo code has already been used',
    }),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const promo = promoInput(code);
    if (promo === null) {
      setError(t({ id: 'profile.bonuses.promo.required', message: 'Enter your promo code' }));
      return;
    }
    setSending(true);
    setError(null);
    try {
      await activatePromoCode(promo);
      setCode('');
      await afterBonusChange(queryClient);
      showToast({
        tone: 'success',
        text: t({
          id: 'profile.bonuses.promo.activated',
          message: 'Promo code activated. Its bonus is in your list.',
        }),
      });
    } catch (failure) {
      if (isApiError(failure) && failure.invalidParameters['promo_code']) {
        setError(promoText[promoError(failure.invalidParameters['promo_code'])]);
      } else if (isApiError(failure) && failure.type === 'MethodNotFound') {
        setError(
          t({
            id: 'profile.bonuses.promo.unavailable',
            message: 'Promo codes cannot be activated right now. Please try again later.',
          }),
        );
      } else {
        setError(problemText(failure));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Panel labelId={titleId} title={<Trans id="profile.bonuses.promo.title">Promo code</Trans>}>
      <Checkbox
        checked={open}
        onChange={(event) => setOpen(event.currentTarget.checked)}
        label={<Trans id="profile.bonuses.promo.toggle">I have a promo code</Trans>}
      />
      {open ? (
        <PromoForm onSubmit={(event) => void submit(event)} noValidate>
          <Input
            label={<Trans id="profile.bonuses.promo.field">Promo code</Trans>}
            name="promo_code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            value={code}
            error={error ?? undefined}
            onChange={(event) => {
              setCode(event.currentTarget.value);
              setError(null);
            }}
          />
          <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
            <Trans id="profile.bonuses.promo.submit">Activate code</Trans>
          </Button>
        </PromoForm>
      ) : null}
    </Panel>
  );
}

/**
 * A grid item may shrink below its content: a tab list too long for a phone (Spanish, Russian)
 * then scrolls inside itself instead of widening the page (§9: nothing scrolls sideways at 375 px).
 */
const Shrinkable = styled.div`
  min-width: 0;
`;

const Section = styled.div`
  display: grid;
  gap: 16px;
  & > * {
    min-width: 0;
  }
`;

const List = styled.ul`
  display: grid;
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Empty = styled.div`
  display: grid;
  justify-items: start;
  gap: 14px;
  padding: 24px 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
`;

const PromoForm = styled.form`
  display: grid;
  gap: 12px;
  margin-top: 16px;
  max-width: 420px;
  & > button {
    justify-self: start;
  }
`;
