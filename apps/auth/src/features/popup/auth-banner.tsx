import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { useShellNavigation } from '@northstar/shell-sdk';

/** §3 auth banner, as the content backend lists it (media fields may be their url). */
interface AuthBannerEntry {
  label?: string | null;
  value?: string | null;
  addition?: string | null;
  registration_popup_mobile_compact?: boolean | null;
  image_735_240?: string | { url?: string } | null;
  image_360_520?: string | { url?: string } | null;
}

function mediaUrl(media: AuthBannerEntry['image_735_240']): string | null {
  const url = typeof media === 'string' ? media : media?.url;
  // Only this site's files or https images.
  return typeof url === 'string' && /^(\/[^/\\]|https:\/\/)/.test(url) ? url : null;
}

const Aside = styled.aside<{ $compact: boolean; $small: boolean; $image: string | null }>`
  position: relative;
  display: flex;
  flex-direction: column;
  justify-content: flex-end;
  gap: 4px;
  min-height: ${({ $small }) => ($small ? '96px' : '132px')};
  padding: 18px 20px;
  border-radius: 14px;
  overflow: hidden;
  /* The offer's text sits on a dark side of the art, readable on any image. */
  background:
    linear-gradient(
      90deg,
      rgba(10, 14, 26, 0.92) 0%,
      rgba(10, 14, 26, 0.55) 55%,
      rgba(10, 14, 26, 0) 100%
    ),
    ${({ $image, theme }) => ($image ? `url("${$image}") right center / cover no-repeat` : theme.gradients.hero)};
  @media (min-width: 860px) {
    background:
      linear-gradient(180deg, rgba(10, 14, 26, 0) 35%, rgba(10, 14, 26, 0.9) 100%),
      ${({ $image, theme }) => ($image ? `url("${$image}") center / cover no-repeat` : theme.gradients.hero)};
  }
  color: ${({ theme }) => theme.colors.text};
  @media (min-width: 860px) {
    min-height: ${({ $compact }) => ($compact ? '96px' : '440px')};
    display: ${({ $compact }) => ($compact ? 'none' : 'flex')};
  }
`;

const Value = styled.strong`
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 34px;
  line-height: 1.05;
  color: ${({ theme }) => theme.colors.primary};
`;

const Text = styled.span`
  font-weight: 600;
`;

/**
 * The popup's banner (§2, §3 auth banner): the character art and the welcome offer. On a wide
 * screen a side column; compact above the form on a phone, and in the restore and twofa views.
 * Decorative for assistive tech beyond its text.
 */
export function AuthBanner({ compact }: { compact: boolean }) {
  const { locale } = useShellNavigation();
  const banner = useQuery({
    queryKey: ['cms', 'banners', 'auth', locale],
    queryFn: async ({ signal }): Promise<AuthBannerEntry | null> => {
      const search = new URLSearchParams({
        'filters[banner_type][$eq]': 'auth',
        locale,
        populate: '*',
        'pagination[pageSize]': '1',
      });
      const response = await fetch(`/cms/banners?${search}`, { signal });
      if (!response.ok) return null;
      const body = (await response.json()) as { data?: AuthBannerEntry[] };
      return body.data?.[0] ?? null;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
  const entry = banner.data;
  if (!entry) return null;
  const image =
    mediaUrl(compact ? entry.image_735_240 : entry.image_360_520) ?? mediaUrl(entry.image_735_240);
  return (
    <Aside
      $compact={compact}
      $small={compact || entry.registration_popup_mobile_compact === true}
      $image={image}
    >
      {entry.value ? <Value>{entry.value}</Value> : null}
      {entry.addition ? <Text>{entry.addition}</Text> : null}
      {entry.label ? <Text>{entry.label}</Text> : null}
    </Aside>
  );
}
