import { useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { useParams } from 'react-router';
import { isApiError, uiActionFor } from '@northstar/errors';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Button, ButtonLink, PageContainer } from '@northstar/ui';
import { PagePlaceholder } from '@northstar/ui/page-placeholder';
import { NotFoundPage } from '../system/not-found-page.tsx';
import { PageSkeleton } from '../system/page-skeleton.tsx';
import { SHELL_METHODS, shellApi } from '../session/shell-api.ts';

interface CmsPage {
  slug: string;
  title: string;
  content?: string;
}

const Article = styled.article`
  max-width: 760px;
  margin: 8px auto 0;
  padding: 32px 20px;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  line-height: 1.65;
  h1 {
    font-size: 30px;
    margin: 0 0 20px;
  }
  h2 {
    font-size: 20px;
    margin: 28px 0 8px;
  }
  p {
    margin: 0 0 14px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/**
 * A page's text as the content backend holds it: blank lines split paragraphs, `## ` starts a
 * heading. Drawn as text nodes, never as HTML, so an entry cannot put markup on the site.
 */
function PageText({ content }: { content: string }) {
  const blocks = content.split(/\n{2,}/);
  return blocks.flatMap((block, index) => {
    const lines = block.split('\n');
    const out: ReactNode[] = [];
    if (lines[0]?.startsWith('## ')) {
      out.push(<h2 key={`h${index}`}>{lines.shift()!.slice(3)}</h2>);
    }
    if (lines.length > 0) out.push(<p key={`p${index}`}>{lines.join(' ')}</p>);
    return out;
  });
}

/** §2 `/:slug`: a page of the content backend in the current locale; a 404 page when none. */
export function SlugPage() {
  const { slug = '' } = useParams();
  const { locale } = useShellNavigation();
  const query = useQuery({
    queryKey: ['cms', 'pages', slug, locale],
    queryFn: async ({ signal }): Promise<CmsPage | null> => {
      const search = new URLSearchParams({
        'filters[slug][$eq]': slug,
        locale,
        'pagination[pageSize]': '1',
      });
      const response = await fetch(`/cms/pages?${search}`, { signal });
      if (!response.ok) throw new Error(`content backend answered ${response.status}`);
      const body = (await response.json()) as { data: CmsPage[] };
      return body.data[0] ?? null;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (query.isPending) return <PageSkeleton />;
  if (!query.data) return <NotFoundPage />;
  return (
    <PageContainer data-remote="shell">
      <Article>
        <h1>{query.data.title}</h1>
        <PageText content={query.data.content ?? ''} />
      </Article>
    </PageContainer>
  );
}

type UnsubscribeState = 'ready' | 'sending' | 'done' | 'invalid' | 'failed';

/**
 * §2 `/unsubscribe?token=…`: the link of a marketing message. Needs no sign-in: the signed token
 * names the contact. The player confirms with a button, so a mail scanner that opens the link
 * unsubscribes no one.
 */
export function UnsubscribePage() {
  const { search, locale } = useShellNavigation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [state, setState] = useState<UnsubscribeState>(token ? 'ready' : 'invalid');
  const home = useLinkProps(routePath('home', {}, locale));

  const unsubscribe = async () => {
    setState('sending');
    try {
      await shellApi.send(SHELL_METHODS.unsubscribe, { token });
      setState('done');
    } catch (error) {
      // §8 through the catalogue: field errors on the token mean the link is refused for good;
      // anything else (offline, an outage, a notice) may pass on a retry.
      const refused =
        isApiError(error) &&
        uiActionFor(error).kind === 'fields' &&
        'token' in error.invalidParameters;
      setState(refused ? 'invalid' : 'failed');
    }
  };

  const text: Record<UnsubscribeState, ReactNode> = {
    ready: (
      <Trans id="unsubscribe.ready">
        Stop receiving offers and news at the address this message was sent to.
      </Trans>
    ),
    sending: (
      <Trans id="unsubscribe.ready">
        Stop receiving offers and news at the address this message was sent to.
      </Trans>
    ),
    done: (
      <Trans id="unsubscribe.done">
        You are unsubscribed. You can subscribe again at any time in your profile.
      </Trans>
    ),
    invalid: (
      <Trans id="unsubscribe.invalid">
        This unsubscribe link is not valid. Please use the link from your latest message.
      </Trans>
    ),
    failed: (
      <Trans id="unsubscribe.failed">
        We could not unsubscribe you just now. Please try again in a moment.
      </Trans>
    ),
  };

  return (
    <PagePlaceholder
      owner="shell"
      title={<Trans id="unsubscribe.title">Unsubscribe</Trans>}
      text={<span role="status">{text[state]}</span>}
    >
      <div style={{ marginTop: 24 }}>
        {state === 'ready' || state === 'sending' || state === 'failed' ? (
          <Button onClick={() => void unsubscribe()} disabled={state === 'sending'}>
            <Trans id="unsubscribe.confirm">Unsubscribe</Trans>
          </Button>
        ) : (
          <ButtonLink {...home}>
            <Trans id="notFound.home">Back to the lobby</Trans>
          </ButtonLink>
        )}
      </div>
    </PagePlaceholder>
  );
}
