import { useCallback, useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { openAuthDialog, showToast } from '@northstar/shell-sdk';
import { CASINO_METHODS, casinoApi } from '../shared/api.ts';
import { likesKey, likesQuery, useSignedIn, type Likes } from '../shared/catalogue-queries.ts';
import { applyToggle, rollbackToggle, toggleFor, type FavouriteToggle } from './favourite-model.ts';

const sysnamesOf = (likes: Likes): readonly string[] => likes.sysnames;

/** The answer with the list changed (the optimistic toggle and its rollback). */
const withSysnames = (
  likes: Likes | undefined,
  change: (sysnames: string[]) => string[],
): Likes => ({ ...likes, sysnames: change([...(likes?.sysnames ?? [])]) });

export function useFavouriteList(): { favourites: readonly string[] | undefined } {
  const signedIn = useSignedIn();
  const { data } = useQuery({ ...likesQuery(), enabled: signedIn, select: sysnamesOf });
  return { favourites: signedIn ? data : undefined };
}

/**
 * The favourite toggle (§4 "Favourite toggles between added and removed"): the list changes at
 * once, the server is told, and a refusal puts that game back as it was with a toast. A visitor
 * gets the sign-in popup instead.
 */
export function useFavouriteToggle() {
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const { favourites } = useFavouriteList();

  const mutation = useMutation({
    // One toggle after another: two quick clicks on a heart reach the server in their order.
    scope: { id: 'casino-favourites' },
    mutationFn: (toggle: FavouriteToggle) =>
      toggle.action === 'add'
        ? casinoApi.send(CASINO_METHODS.addLike, { sysname: toggle.sysname })
        : casinoApi.send(CASINO_METHODS.removeLike, { sysname: toggle.sysname }),
    onMutate: async (toggle) => {
      // A read on its way must not overwrite the optimistic list with the old one.
      await queryClient.cancelQueries({ queryKey: likesKey() });
      const before = queryClient.getQueryData<Likes>(likesKey())?.sysnames ?? [];
      queryClient.setQueryData<Likes>(likesKey(), (current) =>
        withSysnames(current, (list) => applyToggle(list, toggle)),
      );
      return { before };
    },
    onError: (_error, toggle, context) => {
      queryClient.setQueryData<Likes>(likesKey(), (current) =>
        withSysnames(current, (list) => rollbackToggle(list, toggle, context?.before ?? [])),
      );
      showToast({
        id: `favourite-${toggle.sysname}`,
        tone: 'error',
        text:
          toggle.action === 'add'
            ? t({
                id: 'casino.favourites.addFailed',
                message: 'We could not add the game to your favourites. Please try again.',
              })
            : t({
                id: 'casino.favourites.removeFailed',
                message: 'We could not remove the game from your favourites. Please try again.',
              }),
      });
    },
  });

  // One stable function for every tile (memoised tiles are not drawn again when it changes);
  // it reads the latest list and session when called.
  const latest = useRef({ signedIn, favourites, mutate: mutation.mutate });
  useEffect(() => {
    latest.current = { signedIn, favourites, mutate: mutation.mutate };
  });
  const toggle = useCallback((sysname: string) => {
    const { signedIn: player, favourites: list, mutate } = latest.current;
    if (!player) {
      void openAuthDialog('authorization');
      return;
    }
    mutate(toggleFor(list ?? [], sysname));
  }, []);

  return { toggle, favourites };
}
