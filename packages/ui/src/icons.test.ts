import { describe, expect, it } from 'vitest';
import { ICON_PATHS } from './icon-paths.ts';
import { iconSprite } from './icon-sprite.ts';
import { ICON_NAMES, isIconName } from './icons.tsx';

describe('the icons’ sprite (issue #28, §2 /_icons)', () => {
  it('names every icon, in the paths’ order', () => {
    expect([...ICON_NAMES]).toEqual(Object.keys(ICON_PATHS));
    expect(isIconName('home')).toBe(true);
    expect(isIconName('toString')).toBe(false);
  });

  it('has a symbol per icon, its id the name', () => {
    const sprite = iconSprite();
    for (const [name, d] of Object.entries(ICON_PATHS)) {
      expect(sprite).toContain(
        `<symbol id="${name}" viewBox="0 0 24 24"><path d="${d}"/></symbol>`,
      );
    }
    expect(sprite.match(/<symbol /g)).toHaveLength(ICON_NAMES.length);
  });
});
