/**
 * Text input helpers of §5: emoji stripping and masks (`#` digit, `@` letter, `*` letter or
 * digit; any other mask character is written as is).
 */

/**
 * Pictographs plus the pieces of emoji sequences: regional-indicator flags, skin-tone modifiers,
 * the zero-width joiner, variation selectors, the keycap mark and tag characters.
 */
const EMOJI_PATTERN =
  /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|[\u{1F3FB}-\u{1F3FF}]|\u200D|\uFE0E|\uFE0F|\u20E3|[\u{E0020}-\u{E007F}]/gu;

export function stripEmoji(text: string): string {
  return text.replace(EMOJI_PATTERN, '');
}

const TOKENS: Readonly<Record<string, RegExp>> = {
  '#': /\p{Nd}/u,
  '@': /\p{L}/u,
  '*': /[\p{L}\p{Nd}]/u,
};

function isToken(char: string): boolean {
  return Object.hasOwn(TOKENS, char);
}

/** The number of characters the player types to fill the mask. */
export function maskSlots(mask: string): number {
  return [...mask].filter(isToken).length;
}

/**
 * Writes `input` into `mask`. Characters that fit no slot are dropped, literals are written while
 * input remains (so the value never ends in a dangling literal), extra input is cut.
 */
export function applyMask(input: string, mask: string): string {
  const chars = [...input];
  let out = '';
  let i = 0;
  for (const m of mask) {
    if (i >= chars.length) break;
    const token = TOKENS[m];
    if (token) {
      while (i < chars.length && !token.test(chars[i]!)) i++;
      if (i >= chars.length) break;
      out += chars[i];
      i++;
    } else {
      out += m;
      if (chars[i] === m) i++;
    }
  }
  return out;
}

/** Masks sorted by length, shortest first (§5 "several masks sorted by length"). */
export function sortMasks(masks: readonly string[]): string[] {
  return [...masks].sort((a, b) => a.length - b.length);
}

/** The mask for this input among several: the shortest whose slots hold it, else the longest. */
export function pickMask(input: string, masks: readonly string[]): string | undefined {
  const sorted = sortMasks(masks);
  const typed = [...input].filter((c) => TOKENS['*']!.test(c)).length;
  return sorted.find((mask) => maskSlots(mask) >= typed) ?? sorted.at(-1);
}

/** `applyMask` with the mask `pickMask` chooses; the input unchanged without masks. */
export function applyMasks(input: string, masks: string | readonly string[]): string {
  const mask = typeof masks === 'string' ? masks : pickMask(input, masks);
  return mask === undefined ? input : applyMask(input, mask);
}

/** A masked value is complete when its length reaches the length of one of the masks (§5). */
export function isMaskComplete(value: string, masks: string | readonly string[]): boolean {
  const list = typeof masks === 'string' ? [masks] : masks;
  return list.some((mask) => value.length === mask.length && applyMask(value, mask) === value);
}

/** The characters the player typed, without the mask's literals. */
export function unmask(value: string, mask: string): string {
  const chars = [...value];
  let out = '';
  [...mask].forEach((m, index) => {
    const char = chars[index];
    if (char !== undefined && isToken(m)) out += char;
  });
  return out;
}
