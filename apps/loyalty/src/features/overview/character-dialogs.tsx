import { useId, useState } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { confirm, openDialog, type DialogContentProps } from '@northstar/shell-sdk';
import { fixedImage } from '@northstar/shell-sdk/images';
import { Button } from '@northstar/ui';
import type { Character } from '../shared/api.ts';
import type { CharacterSteps } from '../shared/loyalty-model.ts';

/** LoyaltyCharacterChangePopup (§2): the characters to pick from. */
export const CHARACTER_CHANGE_DIALOG = 'loyalty-character-change';
/** LoyaltyCharacterChangeConfirmPopup (§2). */
export const CHARACTER_CONFIRM_DIALOG = 'loyalty-character-change-confirm';

interface ChangeProps {
  characters: Character[];
  current: Character | null;
}

const Choices = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  display: grid;
  gap: 10px;
  grid-template-columns: repeat(auto-fill, minmax(120px, 1fr));
  legend {
    margin-bottom: 12px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Choice = styled.label<{ $picked: boolean }>`
  position: relative;
  display: grid;
  justify-items: center;
  gap: 8px;
  padding: 14px 10px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 2px solid
    ${({ $picked, theme }) => ($picked ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  cursor: pointer;
  text-align: center;
  font-weight: 600;
  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    cursor: pointer;
  }
  &:focus-within {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 10px;
  margin-top: 20px;
`;

export function CharacterAvatar({
  character,
  size = 64,
}: {
  character: Character | null;
  size?: number;
}) {
  const initial = character?.name.slice(0, 1).toUpperCase() ?? '?';
  return character?.image_url ? (
    <img
      {...fixedImage(character.image_url, size, size)}
      alt=""
      width={size}
      height={size}
      style={{ borderRadius: '50%', objectFit: 'cover' }}
    />
  ) : (
    <Initial aria-hidden="true" style={{ width: size, height: size, fontSize: size * 0.42 }}>
      {initial}
    </Initial>
  );
}

const Initial = styled.span`
  display: inline-grid;
  place-items: center;
  border-radius: 50%;
  background: ${({ theme }) => theme.gradients.gold};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-family: ${({ theme }) => theme.fonts.display};
  font-weight: 800;
  flex: none;
`;

export function CharacterChangePopup({ props, close }: DialogContentProps<ChangeProps>) {
  const name = useId();
  const [picked, setPicked] = useState<number | null>(props.current?.id ?? null);
  const choice = props.characters.find((c) => c.id === picked) ?? null;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        close(choice);
      }}
    >
      <Choices>
        <legend>
          <Trans id="loyalty.character.pick">Who will play with you?</Trans>
        </legend>
        {props.characters.map((character) => (
          <Choice key={character.id} $picked={picked === character.id}>
            <input
              type="radio"
              name={name}
              value={character.id}
              checked={picked === character.id}
              onChange={() => setPicked(character.id)}
            />
            <CharacterAvatar character={character} size={56} />
            {character.name}
          </Choice>
        ))}
      </Choices>
      <Actions>
        <Button type="button" variant="secondary" onClick={() => close(null)}>
          <Trans id="loyalty.character.cancel">Cancel</Trans>
        </Button>
        <Button type="submit" disabled={choice === null || choice.id === props.current?.id}>
          <Trans id="loyalty.character.choose">Choose</Trans>
        </Button>
      </Actions>
    </form>
  );
}

/** The real popups of the character change, for `runCharacterChange`. */
export function useCharacterPopups(
  characters: Character[],
  save: (picked: Character) => Promise<void>,
): CharacterSteps<Character> {
  const { t } = useLingui();
  return {
    choose: async (current) =>
      ((await openDialog<ChangeProps>({
        id: CHARACTER_CHANGE_DIALOG,
        title: t({ id: 'loyalty.character.changeTitle', message: 'Change your character' }),
        component: CharacterChangePopup,
        props: { characters, current },
      })) as Character | null | undefined) ?? null,
    confirm: (picked) =>
      confirm({
        id: CHARACTER_CONFIRM_DIALOG,
        size: 'small',
        title: t({ id: 'loyalty.character.confirmTitle', message: 'Change character?' }),
        text: (
          <Trans id="loyalty.character.confirmText">
            {picked.name} will be your character from now on. You can change it again at any time.
          </Trans>
        ),
        agreeLabel: <Trans id="loyalty.character.confirmAgree">Yes, change</Trans>,
        rejectLabel: <Trans id="loyalty.character.cancel">Cancel</Trans>,
      }),
    save,
  };
}
