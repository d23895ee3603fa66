import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { isApiError } from '@northstar/errors';
import { openAuthDialog, routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Button, Icon, media, Skeleton } from '@northstar/ui';
import type { LoyaltyProgram } from '../shared/api.ts';
import { programState } from '../shared/loyalty-model.ts';
import {
  BackLink,
  Hero,
  Label,
  Lead,
  LoadError,
  Page,
  PageTitle,
  Panel,
} from '../shared/parts.tsx';
import { useLoyaltyInfo, useProgram } from '../shared/queries.ts';
import { PeriodText, ProgramProgress, RewardText } from './program-parts.tsx';

/** What the page throws for a sysname that is no programme (§2): the shell draws its 404. */
export function programNotFound(): Error & { status: number } {
  return Object.assign(new Error('There is no such programme'), { status: 404 });
}

/** getProgram answers an unknown sysname with a field error on `sysname` (the platform's rule). */
export function isUnknownProgram(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.type === 'InvalidParameter' &&
    error.invalidParameters.sysname !== undefined
  );
}

const Side = styled.div`
  display: grid;
  gap: 14px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: rgba(10, 14, 26, 0.55);
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const RewardFigure = styled.strong`
  display: flex;
  align-items: center;
  gap: 10px;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 24px;
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Rules = styled.dl`
  display: grid;
  gap: 14px;
  margin: 0;
  ${media.from('tablet')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
  dd {
    margin: 2px 0 0;
    font-weight: 600;
  }
`;

function GoalText({ program }: { program: LoyaltyProgram }) {
  const target = program.target;
  switch (program.kind) {
    case 'rounds':
      return program.category === 'slots' ? (
        <Trans id="loyalty.program.goalRoundsSlots">{target} real-money rounds of any slot</Trans>
      ) : program.category === 'table' ? (
        <Trans id="loyalty.program.goalRoundsTable">
          {target} real-money rounds of table games
        </Trans>
      ) : (
        <Trans id="loyalty.program.goalRounds">{target} real-money rounds of any game</Trans>
      );
    case 'deposits':
      return target === 1 ? (
        <Trans id="loyalty.program.goalDeposit">One deposit</Trans>
      ) : (
        <Trans id="loyalty.program.goalDeposits">{target} deposits</Trans>
      );
    case 'profile':
      return <Trans id="loyalty.program.goalProfile">Every field of your profile filled in</Trans>;
    case 'confirm':
      return <Trans id="loyalty.program.goalConfirm">Your e-mail or phone confirmed</Trans>;
    default:
      return <>{program.description}</>;
  }
}

/** `/loyalty/{sysname}` (§2, issue #27): one programme with its rules, progress and reward. */
export function ProgramView({ sysname }: { sysname: string }) {
  const { locale } = useShellNavigation();
  const back = useLinkProps(routePath('loyalty', {}, locale));
  const query = useProgram(sysname);
  const info = useLoyaltyInfo();
  // The platform answers an unknown sysname's first load with its 404 page (web/page-rules.ts);
  // this covers a visit from inside the site.
  if (query.isError && isUnknownProgram(query.error)) throw programNotFound();
  const program = query.data;
  const playerLevel = info.data?.level.level ?? null;
  return (
    <Page data-remote="loyalty" data-page="loyalty-program">
      <BackLink {...back}>
        <Trans id="loyalty.program.back">← All quests</Trans>
      </BackLink>
      {program ? (
        <>
          <Hero>
            <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
              <Label>
                <Trans id="loyalty.programs.kicker">Quest</Trans>
              </Label>
              <PageTitle>{program.title}</PageTitle>
              <Lead>{program.description}</Lead>
              {program.progress === null ? (
                <Button size="lg" onClick={() => void openAuthDialog('authorization')}>
                  <Trans id="loyalty.program.signIn">Sign in to take part</Trans>
                </Button>
              ) : null}
            </div>
            <Side>
              <Label as="span">
                <Trans id="loyalty.program.rewardTitle">Reward</Trans>
              </Label>
              <RewardFigure data-testid="program-reward">
                <Icon name="gift" size={26} aria-hidden="true" />
                <RewardText reward={program.reward} />
              </RewardFigure>
              <ProgramProgress program={program} state={programState(program, playerLevel)} />
            </Side>
          </Hero>
          <Panel id="loyalty-program-rules" title={<Trans id="loyalty.program.rules">Rules</Trans>}>
            <Rules>
              <div>
                <dt>
                  <Trans id="loyalty.program.goal">Goal</Trans>
                </dt>
                <dd>
                  <GoalText program={program} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans id="loyalty.program.period">How often</Trans>
                </dt>
                <dd>
                  <PeriodText period={program.period} />
                </dd>
              </div>
              <div>
                <dt>
                  <Trans id="loyalty.program.level">Who may take part</Trans>
                </dt>
                <dd>
                  {program.min_level > 1 ? (
                    <Trans id="loyalty.program.levelFrom">
                      Players from level {program.min_level}
                    </Trans>
                  ) : (
                    <Trans id="loyalty.program.levelAll">Every player</Trans>
                  )}
                </dd>
              </div>
              <div>
                <dt>
                  <Trans id="loyalty.program.counts">What counts</Trans>
                </dt>
                <dd>
                  <Trans id="loyalty.program.countsRule">
                    Real-money play only; rounds with free spins or bonus money do not count.
                  </Trans>
                </dd>
              </div>
            </Rules>
          </Panel>
        </>
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <Skeleton $height="260px" $radius="24px" />
      )}
    </Page>
  );
}
