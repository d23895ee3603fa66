import { escapeHtml as escape } from '../lib/html.ts';

/**
 * A game's artwork, drawn from its theme: an SVG at the 288×192 size of §3 (it scales to any
 * tile without a second file). Colours and motif come from the catalogue; the name is the
 * game's own. No external fonts or images, so it renders the same everywhere.
 */

const MOTIFS: Record<string, string> = {
  cherry:
    '<circle cx="206" cy="92" r="26"/><circle cx="246" cy="104" r="22"/><path d="M206 66 C210 30 236 22 250 18 M246 82 C244 50 248 30 250 18" stroke-width="5" fill="none"/>',
  column:
    '<rect x="196" y="40" width="16" height="110" rx="4"/><rect x="228" y="40" width="16" height="110" rx="4"/><rect x="186" y="30" width="68" height="14" rx="4"/><rect x="186" y="146" width="68" height="14" rx="4"/>',
  compass:
    '<circle cx="224" cy="92" r="50" fill="none" stroke-width="8"/><path d="M224 50 L236 92 L224 134 L212 92 Z"/>',
  paw: '<circle cx="224" cy="110" r="24"/><circle cx="194" cy="76" r="11"/><circle cx="214" cy="60" r="11"/><circle cx="236" cy="60" r="11"/><circle cx="256" cy="76" r="11"/>',
  planet:
    '<circle cx="224" cy="92" r="38"/><ellipse cx="224" cy="92" rx="66" ry="16" fill="none" stroke-width="6"/>',
  crystal:
    '<path d="M224 30 L262 80 L224 156 L186 80 Z"/><path d="M186 80 L262 80" stroke-width="4"/>',
  lantern:
    '<rect x="194" y="52" width="60" height="84" rx="28"/><rect x="212" y="38" width="24" height="14"/><rect x="212" y="136" width="24" height="12"/>',
  wave: '<path d="M170 110 Q197 70 224 110 T278 110 L278 160 L170 160 Z"/><circle cx="240" cy="56" r="14"/>',
  star: '<path d="M224 36 L238 76 L280 78 L246 102 L258 142 L224 118 L190 142 L202 102 L168 78 L210 76 Z"/>',
  candy:
    '<circle cx="224" cy="92" r="34"/><path d="M190 92 L166 74 L166 110 Z M258 92 L282 74 L282 110 Z"/>',
  wheel:
    '<circle cx="224" cy="92" r="56" fill="none" stroke-width="10"/><circle cx="224" cy="92" r="14"/><path d="M224 36 V148 M168 92 H280 M184 52 L264 132 M264 52 L184 132" stroke-width="4"/>',
  cards:
    '<rect x="182" y="44" width="56" height="80" rx="8" transform="rotate(-12 210 84)"/><rect x="212" y="52" width="56" height="80" rx="8" transform="rotate(10 240 92)"/>',
  dice: '<rect x="184" y="52" width="80" height="80" rx="16"/><circle cx="204" cy="72" r="7" class="pip"/><circle cx="224" cy="92" r="7" class="pip"/><circle cx="244" cy="112" r="7" class="pip"/>',
};

function lines(name: string): string[] {
  const words = name.split(' ');
  const result: string[] = [];
  for (const word of words) {
    const last = result.at(-1);
    if (last !== undefined && (last + ' ' + word).length <= 12)
      result[result.length - 1] = `${last} ${word}`;
    else result.push(word);
  }
  return result.slice(0, 3);
}

export function gameArt(game: {
  name: string;
  provider: string;
  theme: Record<string, string>;
}): string {
  const colour = (key: string, fallback: string) =>
    /^#[0-9a-f]{6}$/i.test(game.theme[key] ?? '') ? game.theme[key]! : fallback;
  const from = colour('from', '#24305a');
  const to = colour('to', '#0d1220');
  const accent = colour('accent', '#f5c542');
  const motif = MOTIFS[game.theme.motif ?? ''] ?? MOTIFS.star!;
  const title = lines(game.name);
  const size = title.some((line) => line.length > 10) ? 22 : 26;
  const text = title
    .map(
      (line, i) =>
        `<text x="18" y="${62 + i * (size + 6)}" font-size="${size}" font-weight="800">${escape(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="288" height="192" viewBox="0 0 288 192" role="img" aria-label="${escape(game.name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="288" height="192" fill="url(#g)"/>
<g fill="${accent}" stroke="${accent}" opacity="0.9">${motif}</g>
<g fill="#ffffff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif">${text}
<text x="18" y="176" font-size="12" fill-opacity="0.75">${escape(game.provider)}</text></g>
</svg>`;
}
