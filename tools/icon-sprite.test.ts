import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { iconSprite } from '../packages/ui/src/icon-sprite.ts';
import { ICON_SPRITE_VERSION } from '../packages/ui/src/icon-sprite-version.ts';
import { ICON_SPRITE_URL } from '../packages/ui/src/icons.tsx';

describe('the icons’ sprite version (tools/generate-icon-sprite.ts)', () => {
  it('is the current sprite’s: run `node tools/generate-icon-sprite.ts` after changing an icon', () => {
    const version = createHash('sha256').update(iconSprite()).digest('hex').slice(0, 10);
    expect(ICON_SPRITE_VERSION).toBe(version);
    expect(ICON_SPRITE_URL).toBe(`/_icons/sprite.svg?v=${version}`);
  });
});
