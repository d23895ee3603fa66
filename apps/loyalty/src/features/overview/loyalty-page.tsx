import { useState } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import {
  openAuthDialog,
  routePath,
  showToast,
  useLinkProps,
  useShellNavigation,
} from '@northstar/shell-sdk';
import { Button, ButtonLink, Icon, media, Skeleton } from '@northstar/ui';
import {
  loyaltyApi,
  loyaltyKey,
  LOYALTY_METHODS,
  useViewer,
  type Character,
  type LoyaltyInfo,
  type LoyaltyLevel,
  type LoyaltyProgram,
} from '../shared/api.ts';
import { infoProgress, levelStates, runCharacterChange } from '../shared/loyalty-model.ts';
import {
  Grid,
  Hero,
  Label,
  Lead,
  LoadError,
  Page,
  PageTitle,
  Panel,
  Points,
  ProgressBar,
} from '../shared/parts.tsx';
import { useCharacters, useLevels, useLoyaltyInfo, usePrograms } from '../shared/queries.ts';
import { ProgramCard } from '../program/program-parts.tsx';
import { CharacterAvatar, useCharacterPopups } from './character-dialogs.tsx';

const HeroText = styled.div`
  display: grid;
  gap: 12px;
  justify-items: start;
  p {
    margin: 0;
  }
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

const Standing = styled.div`
  display: grid;
  gap: 14px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: rgba(10, 14, 26, 0.55);
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 12px;
  margin: 0;
  dd {
    margin: 4px 0 0;
    font-family: ${({ theme }) => theme.fonts.display};
    font-size: 22px;
    font-weight: 800;
  }
`;

const Who = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
  strong {
    display: block;
    font-size: 20px;
  }
`;

const LevelName = styled.span`
  color: ${({ theme }) => theme.colors.primary};
`;

/** A link inside a sentence: underlined, not told apart by colour alone (axe link-in-text-block). */
const InlineLink = styled.a`
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  text-underline-offset: 3px;
  font-weight: 600;
`;

const Small = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

const Columns = styled.div`
  display: grid;
  gap: 24px;
  ${media.from('laptop')} {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Perks = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  li {
    display: flex;
    align-items: center;
    gap: 12px;
    padding: 12px 14px;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
    flex: none;
  }
`;

const Ladder = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr));
`;

const Rung = styled.li<{ $state: 'reached' | 'current' | 'locked' }>`
  display: grid;
  gap: 6px;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 2px solid
    ${({ $state, theme }) =>
      $state === 'current'
        ? theme.colors.primary
        : $state === 'reached'
          ? 'rgba(47, 210, 122, 0.5)'
          : theme.colors.border};
  h3 {
    margin: 0;
    font-size: 18px;
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 14px;
  }
`;

const Tag = styled.span`
  font-size: 12px;
  font-weight: 700;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
`;

/** `/loyalty` (§2, issue #27): the player's level and progress, perks, character, programmes. */
export function LoyaltyOverview() {
  const viewer = useViewer();
  const player = viewer !== null && viewer > 0;
  const info = useLoyaltyInfo();
  const levels = useLevels(viewer === 0);
  const programs = usePrograms();
  const { t } = useLingui();
  return (
    <Page data-remote="loyalty" data-page="loyalty">
      {viewer === null ? (
        <Skeleton $height="220px" $radius="24px" />
      ) : player ? (
        info.data ? (
          <PlayerHero info={info.data} />
        ) : info.isError ? (
          <LoadError onRetry={() => void info.refetch()} />
        ) : (
          <Skeleton $height="220px" $radius="24px" />
        )
      ) : (
        <VisitorHero />
      )}
      {player && info.data ? <PerksPanel info={info.data} /> : null}
      <Panel
        id="loyalty-levels"
        title={<Trans id="loyalty.levels.title">Levels</Trans>}
        lead={
          <Trans id="loyalty.levels.lead">
            Every point you earn counts towards your level; spending points in the shop never lowers
            it.
          </Trans>
        }
      >
        <LevelLadder
          levels={player ? (info.data?.levels ?? null) : (levels.data?.items ?? null)}
          current={player ? (info.data?.level.level ?? null) : null}
          currentLabel={t({ id: 'loyalty.levels.you', message: 'You' })}
        />
      </Panel>
      <Panel
        id="loyalty-programs"
        title={<Trans id="loyalty.programs.title">Quests</Trans>}
        lead={
          <Trans id="loyalty.programs.lead">
            Complete quests to earn extra points, free spins and more.
          </Trans>
        }
      >
        {programs.data ? (
          programs.data.items.length > 0 ? (
            <Grid>
              {programs.data.items.map((program: LoyaltyProgram) => (
                <ProgramCard
                  key={program.id}
                  program={program}
                  playerLevel={player ? (info.data?.level.level ?? null) : null}
                />
              ))}
            </Grid>
          ) : (
            <Small>
              <Trans id="loyalty.programs.none">There are no quests at the moment.</Trans>
            </Small>
          )
        ) : programs.isError ? (
          <LoadError onRetry={() => void programs.refetch()} />
        ) : (
          <Skeleton $height="180px" $radius="16px" />
        )}
      </Panel>
    </Page>
  );
}

function VisitorHero() {
  const { locale } = useShellNavigation();
  const shop = useLinkProps(routePath('loyaltyShop', {}, locale));
  return (
    <Hero>
      <HeroText>
        <Label>
          <Trans id="loyalty.hero.kicker">Loyalty programme</Trans>
        </Label>
        <PageTitle>
          <Trans id="loyalty.loyalty.title">VIP Club</Trans>
        </PageTitle>
        <Lead>
          <Trans id="loyalty.hero.visitorLead">
            Earn points with every real-money game, climb the levels for more cashback and shop
            discounts, and spend your points on free spins and cash.
          </Trans>
        </Lead>
        <Buttons>
          <Button size="lg" onClick={() => void openAuthDialog('authorization')}>
            <Trans id="loyalty.hero.signIn">Sign in to join</Trans>
          </Button>
          <Button size="lg" variant="secondary" onClick={() => void openAuthDialog('registration')}>
            <Trans id="loyalty.hero.register">Create an account</Trans>
          </Button>
        </Buttons>
      </HeroText>
      <Standing>
        <Perks>
          <li>
            <Icon name="coins" size={20} aria-hidden="true" />
            <Trans id="loyalty.hero.earn">10 points for every 1.00 staked on slots</Trans>
          </li>
          <li>
            <Icon name="star" size={20} aria-hidden="true" />
            <Trans id="loyalty.hero.levels">Higher levels: more cashback, bigger discounts</Trans>
          </li>
          <li>
            <Icon name="gift" size={20} aria-hidden="true" />
            <span>
              <Trans id="loyalty.hero.shop">Spend points in the</Trans>{' '}
              <InlineLink {...shop}>
                <Trans id="loyalty.loyaltyShop.title">Loyalty shop</Trans>
              </InlineLink>
            </span>
          </li>
        </Perks>
      </Standing>
    </Hero>
  );
}

function PlayerHero({ info }: { info: LoyaltyInfo }) {
  const { locale } = useShellNavigation();
  const { t } = useLingui();
  const shop = useLinkProps(routePath('loyaltyShop', {}, locale));
  const history = useLinkProps(routePath('profileLoyalty', {}, locale));
  const progress = infoProgress(info);
  const level = info.level.name;
  const next = progress?.next?.name ?? '';
  return (
    <Hero data-loyalty-standing>
      <HeroText>
        <Label>
          <Trans id="loyalty.loyalty.title">VIP Club</Trans>
        </Label>
        <Who>
          <CharacterAvatar character={info.character} size={72} />
          <div>
            <PageTitle>
              <Trans id="loyalty.hero.level">
                Level <LevelName data-level={info.level.level}>{level}</LevelName>
              </Trans>
            </PageTitle>
            <CharacterLine current={info.character} />
          </div>
        </Who>
        <Buttons>
          <ButtonLink {...shop} size="lg">
            <Icon name="gift" size={18} aria-hidden="true" />
            <Trans id="loyalty.hero.toShop">Spend points</Trans>
          </ButtonLink>
          <ButtonLink {...history} size="lg" variant="secondary">
            <Trans id="loyalty.hero.history">Points history</Trans>
          </ButtonLink>
        </Buttons>
      </HeroText>
      <Standing>
        <Figures>
          <div>
            <dt>
              <Label as="span">
                <Trans id="loyalty.hero.points">Points to spend</Trans>
              </Label>
            </dt>
            <dd data-testid="loyalty-points">
              <Points value={info.points} />
            </dd>
          </div>
          <div>
            <dt>
              <Label as="span">
                <Trans id="loyalty.hero.lifetime">Earned in total</Trans>
              </Label>
            </dt>
            <dd>
              <Points value={info.lifetime_points} />
            </dd>
          </div>
        </Figures>
        {progress && progress.next ? (
          <>
            <ProgressBar
              percent={progress.percent}
              label={t({ id: 'loyalty.hero.progressLabel', message: `Progress to ${next}` })}
            />
            <Small data-testid="loyalty-to-next">
              <Trans id="loyalty.hero.toNext">
                <Points value={progress.toNext} /> to {next} ({progress.percent}%)
              </Trans>
            </Small>
          </>
        ) : (
          <Small>
            <Trans id="loyalty.hero.top">You have reached the highest level.</Trans>
          </Small>
        )}
      </Standing>
    </Hero>
  );
}

/** The character's name and the button that opens the change popup. */
function CharacterLine({ current }: { current: Character | null }) {
  const queryClient = useQueryClient();
  const characters = useCharacters(true);
  const [busy, setBusy] = useState(false);
  const popups = useCharacterPopups(characters.data?.items ?? [], async (picked) => {
    await loyaltyApi.send(LOYALTY_METHODS.setCharacter, { id: picked.id });
    await queryClient.invalidateQueries({ queryKey: loyaltyKey('info') });
  });
  const change = async () => {
    setBusy(true);
    try {
      const picked = await runCharacterChange(current, popups);
      if (picked) {
        showToast({
          id: 'loyalty-character',
          tone: 'success',
          text: <Trans id="loyalty.character.changed">{picked.name} is your character now.</Trans>,
        });
      }
    } catch {
      showToast({
        id: 'loyalty-character',
        tone: 'error',
        text: (
          <Trans id="loyalty.character.failed">
            The character could not be changed. Try again.
          </Trans>
        ),
      });
    } finally {
      setBusy(false);
    }
  };
  const name = current?.name ?? '';
  return (
    <Small>
      {current ? (
        <Trans id="loyalty.character.current">Your character: {name}</Trans>
      ) : (
        <Trans id="loyalty.character.none">No character yet</Trans>
      )}{' '}
      <Button
        size="sm"
        variant="ghost"
        onClick={() => void change()}
        disabled={busy || !characters.data || characters.data.items.length === 0}
      >
        {current ? (
          <Trans id="loyalty.character.change">Change</Trans>
        ) : (
          <Trans id="loyalty.character.pickButton">Pick one</Trans>
        )}
      </Button>
    </Small>
  );
}

function PerkList({ level }: { level: LoyaltyLevel }) {
  const cashback = level.cashback_percent;
  const discount = level.shop_discount_percent;
  return (
    <Perks>
      <li>
        <Icon name="coins" size={20} aria-hidden="true" />
        <Trans id="loyalty.perks.cashback">{cashback}% cashback</Trans>
      </li>
      <li>
        <Icon name="ticket" size={20} aria-hidden="true" />
        <Trans id="loyalty.perks.discount">{discount}% off in the shop</Trans>
      </li>
    </Perks>
  );
}

function PerksPanel({ info }: { info: LoyaltyInfo }) {
  const next = info.next_level;
  const nextName = next?.name ?? '';
  return (
    <Columns>
      <Panel
        id="loyalty-perks"
        title={<Trans id="loyalty.perks.title">Your perks</Trans>}
        data-perks="current"
      >
        <PerkList level={info.level} />
      </Panel>
      {next ? (
        <Panel
          id="loyalty-next-perks"
          title={<Trans id="loyalty.perks.nextTitle">At {nextName}</Trans>}
          data-perks="next"
        >
          <PerkList level={next} />
        </Panel>
      ) : null}
    </Columns>
  );
}

function LevelLadder({
  levels,
  current,
  currentLabel,
}: {
  levels: readonly LoyaltyLevel[] | null;
  current: number | null;
  currentLabel: string;
}) {
  if (levels === null) return <Skeleton $height="120px" $radius="16px" />;
  return (
    <Ladder>
      {levelStates(levels, current).map(({ level, state }) => {
        const from = level.points_from;
        const cashback = level.cashback_percent;
        const discount = level.shop_discount_percent;
        return (
          <Rung key={level.level} $state={state} data-level-state={state}>
            <h3>
              {level.name}
              {state === 'current' ? <Tag>{currentLabel}</Tag> : null}
            </h3>
            <p>
              <Trans id="loyalty.levels.from">
                From <Points value={from} />
              </Trans>
            </p>
            <p>
              <Trans id="loyalty.levels.perks">
                {cashback}% cashback · {discount}% off in the shop
              </Trans>
            </p>
          </Rung>
        );
      })}
    </Ladder>
  );
}
