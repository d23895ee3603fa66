import styled, { css } from 'styled-components';
import { useLingui } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { fixedImage } from '@northstar/shell-sdk/images';
import type { ReactNode } from 'react';
import type { Game } from './api.ts';

/** §3: a game's own image is 288×192; vertical halls show it as a 2:3 portrait crop. */
export const TILE_IMAGE = {
  horizontal: { width: 288, height: 192 },
  vertical: { width: 192, height: 288 },
} as const;

export type TileOrientation = keyof typeof TILE_IMAGE;

const Card = styled.article<{ $orientation: TileOrientation }>`
  position: relative;
  display: flex;
  flex-direction: column;
  min-width: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  overflow: hidden;
  transition:
    transform 0.15s ease,
    border-color 0.15s ease;
  &:hover,
  &:focus-within {
    border-color: ${({ theme }) => theme.colors.borderStrong};
    transform: translateY(-2px);
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover,
    &:focus-within {
      transform: none;
    }
  }
  img {
    display: block;
    width: 100%;
    height: auto;
    object-fit: cover;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    ${({ $orientation }) =>
      $orientation === 'vertical'
        ? css`
            aspect-ratio: 2 / 3;
          `
        : css`
            aspect-ratio: 3 / 2;
          `}
  }
`;

/** The whole card is the link (its name is the accessible name); other controls sit above it. */
const CardLink = styled.a`
  display: flex;
  flex-direction: column;
  color: inherit;
  text-decoration: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
  }
  &:focus-visible {
    outline: none;
  }
  &:focus-visible::after {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: -3px;
    border-radius: inherit;
  }
`;

const Caption = styled.div`
  display: grid;
  /* A track no wider than the card: long names give way to the ellipsis, not the card. */
  grid-template-columns: minmax(0, 1fr);
  gap: 2px;
  padding: 8px 10px 10px;
`;

const Name = styled.span`
  font-weight: 600;
  font-size: 14px;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Meta = styled.span`
  display: flex;
  justify-content: space-between;
  gap: 8px;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  span:first-child {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  /* The RTP keeps its one line; the provider's name gives way. */
  span + span {
    flex: none;
    white-space: nowrap;
  }
`;

/** Controls drawn over the card's image (the favourite toggle): above the card's link. */
export const TileActions = styled.div`
  position: absolute;
  top: 6px;
  right: 6px;
  z-index: 1;
  display: flex;
  gap: 4px;
`;

export interface GameTileProps {
  game: Game;
  orientation?: TileOrientation;
  /** The first row of a page loads its images at once; every other image waits until near. */
  eager?: boolean;
  /** A market setting hides the return to player (§ issue "casino remote"). */
  showRtp?: boolean;
  /** The provider's display name (the catalogue gives its sysname). */
  providerName?: string;
  /** Controls over the image, e.g. the favourite toggle. */
  actions?: ReactNode;
  /**
   * Where the card leads instead of the game's page (the hall's zero-balance rule sends a player
   * with no money to the deposit page).
   */
  href?: string;
}

/** The image of a game: its description's 288×192 image overrides the default (§3). */
export function gameImage(game: Game): string | null {
  return game.description.image ?? game.image_url ?? null;
}

export function gameName(game: Game): string {
  return game.description.name ?? game.name;
}

/** One game in a grid or a row: image, name, provider and RTP; the card opens its game page. */
export function GameTile({
  game,
  orientation = 'horizontal',
  eager = false,
  showRtp = true,
  providerName,
  actions,
  href,
}: GameTileProps) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const link = useLinkProps(href ?? routePath('game', { sysname: game.sysname }, locale));
  const size = TILE_IMAGE[orientation];
  const image = gameImage(game);
  const name = gameName(game);
  return (
    <Card $orientation={orientation} data-game={game.sysname}>
      <CardLink {...link}>
        {image ? (
          <img
            // A raster of the tile's own size, at densities 1 and 2 (/_ipx), not the full art.
            {...fixedImage(image, size.width, size.height)}
            alt=""
            width={size.width}
            height={size.height}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            {...(eager ? { fetchPriority: 'high' as const } : {})}
          />
        ) : (
          <img alt="" width={size.width} height={size.height} src={PLACEHOLDER} />
        )}
        <Caption>
          <Name>{name}</Name>
          <Meta>
            <span>{providerName ?? game.provider.sysname}</span>
            {showRtp && typeof game.rtp === 'number' ? (
              <span
                aria-label={t({
                  id: 'casino.tile.rtpLabel',
                  message: `Return to player ${game.rtp.toFixed(2)} %`,
                })}
              >
                {t({ id: 'casino.tile.rtp', message: `RTP ${game.rtp.toFixed(2)}%` })}
              </span>
            ) : null}
          </Meta>
        </Caption>
      </CardLink>
      {actions ? <TileActions>{actions}</TileActions> : null}
    </Card>
  );
}

/** A plain tile background for a game without an image (no request, no layout shift). */
const PLACEHOLDER =
  'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 3 2"%3E%3Crect width="3" height="2" fill="%231a2440"/%3E%3C/svg%3E';
