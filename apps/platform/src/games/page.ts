import { escapeHtml as escape, scriptJson as json } from '../lib/html.ts';
import type { GameTexts } from './texts.ts';

/** The game frame's HTML: a server-rendered shell that game.js fills (no framework, ~10 KB). */

function document(locale: string, title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="${escape(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/originals/assets/game.css">
${script ? `<script type="module" src="/originals/assets/${script}"></script>` : ''}
</head>
<body>
${body}
</body>
</html>`;
}

export function renderGamePage(page: {
  locale: string;
  texts: GameTexts;
  lobby: string | null;
  config: { game: { name: string; theme: Record<string, string> } } & Record<string, unknown>;
}): string {
  const { texts, config } = page;
  const theme = config.game.theme;
  const style = Object.entries({ from: theme.from, to: theme.to, accent: theme.accent })
    .filter(([, value]) => value && /^#[0-9a-f]{6}$/i.test(value))
    .map(([key, value]) => `data-${key}="${value}"`)
    .join(' ');
  return document(
    page.locale,
    config.game.name,
    `<div class="frame" id="game" ${style}>
  <header class="bar">
    ${page.lobby ? `<a class="lobby" href="${escape(page.lobby)}" target="_top">← ${escape(texts.lobby)}</a>` : ''}
    <h1>${escape(config.game.name)}</h1>
    <span class="mode">${escape(config.mode === 'fun' ? texts.funMode : texts.realMode)}</span>
    <span class="balance"><span class="label">${escape(texts.balance)}</span> <output id="balance">…</output></span>
    <button type="button" class="info-button" id="info-open" aria-haspopup="dialog">${escape(texts.info)}</button>
  </header>
  <div class="notice" id="notice" role="status" hidden></div>
  <main class="table" id="table" aria-busy="true"></main>
  <p class="live" id="live" role="status" aria-live="polite"></p>
  <dialog id="info" aria-labelledby="info-title">
    <h2 id="info-title">${escape(texts.info)}</h2>
    <div id="info-body"></div>
    <form method="dialog"><button type="submit">${escape(texts.close)}</button></form>
  </dialog>
</div>
<script type="application/json" id="game-config">${json(config)}</script>`,
    'game.js',
  );
}

export function renderRefusalPage(locale: string, message: string, lobby: string | null): string {
  return document(
    locale,
    message,
    `<div class="frame refusal"><p role="alert">${escape(message)}</p>${
      lobby ? `<p><a href="${escape(lobby)}" target="_top">${escape(lobby)}</a></p>` : ''
    }</div>`,
  );
}

export function renderFairPage(locale: string, texts: GameTexts): string {
  return document(
    locale,
    texts.verifyTitle,
    `<div class="frame fair">
  <main class="table">
    <h1>${escape(texts.verifyTitle)}</h1>
    <p>${escape(texts.diceRules)}</p>
    <form id="verify" class="verify">
      <label>${escape(texts.serverSeed)} <input name="serverSeed" required autocomplete="off" spellcheck="false"></label>
      <label>${escape(texts.clientSeed)} <input name="clientSeed" required autocomplete="off" spellcheck="false"></label>
      <label>Nonce <input name="nonce" type="number" min="0" step="1" value="0" required></label>
      <button type="submit">${escape(texts.compute)}</button>
    </form>
    <output id="verify-result" aria-live="polite"></output>
  </main>
</div>
<script type="application/json" id="fair-texts">${json({ rollResult: texts.rollResult, hashResult: texts.hashResult })}</script>`,
    'fair.js',
  );
}
