// The in-house games' frame. Plain DOM, no framework: the frame is the game provider's page.
// Every round goes to the game server (/originals/api), which takes the money through the wallet.
const config = JSON.parse(document.getElementById('game-config').textContent);
const t = config.texts;
const game = config.game;
const root = document.getElementById('game');
const table = document.getElementById('table');
const live = document.getElementById('live');
const notice = document.getElementById('notice');
const balanceOutput = document.getElementById('balance');

/** UK RTS 14: a result stays at least this long before the next round (the server checks it too). */
const MIN_ROUND_MS = 2500;
const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;

for (const key of ['from', 'to', 'accent']) {
  if (root.dataset[key]) root.style.setProperty(`--theme-${key}`, root.dataset[key]);
}

const money = new Intl.NumberFormat(config.locale, {
  style: 'currency',
  currency: config.currency,
});
const fractionDigits = money.resolvedOptions().maximumFractionDigits ?? 2;
const formatMoney = (minor) => money.format(minor / 10 ** fractionDigits);
const percent = new Intl.NumberFormat(config.locale, {
  style: 'percent',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const fill = (text, values) =>
  text.replace(/\{(\w+)\}/g, (_, name) => (name in values ? String(values[name]) : `{${name}}`));
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, reducedMotion ? 0 : ms));

function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}

/** replaceChildren without the null and undefined of conditional parts. */
function replace(node, ...children) {
  node.replaceChildren(...children.filter((child) => child !== null && child !== undefined));
}

function setBalance(minor) {
  balanceOutput.textContent = formatMoney(minor);
}

function announce(text) {
  live.textContent = text;
}

function showNotice(text, kind = 'info') {
  notice.hidden = !text;
  notice.textContent = text ?? '';
  notice.dataset.kind = kind;
}

// ——— Pause (issue #25 reality check) ——————————————————————————————————————————
// The site's page pauses the game while its reality-check dialog is open and resumes it when the
// player has chosen: `{ type: 'northstar:reality-check', paused }`, posted by the page that holds
// this frame. Only that page, on the site's own origin, is listened to (another window or
// origin could otherwise stop or restart play). While paused no round starts and the free spins
// being shown wait. There is no auto-play to stop: UKGC RTS 14 (2021) bans it for slots, and
// every round here starts with the player's own click.
let paused = false;
let resumeWaiters = [];

function setPaused(value) {
  if (paused === value) return;
  paused = value;
  root.toggleAttribute('data-paused', value);
  for (const button of table.querySelectorAll('button')) {
    if (value) {
      button.dataset.pausedWas = button.disabled ? '1' : '0';
      button.disabled = true;
    } else if (button.dataset.pausedWas !== undefined) {
      // A button the pace rule disabled meanwhile is enabled by its own timer.
      if (button.dataset.pausedWas === '0' && !button.classList.contains('cooling'))
        button.disabled = false;
      delete button.dataset.pausedWas;
    }
  }
  showNotice(value ? t.paused : '');
  announce(value ? t.paused : '');
  if (!value) {
    const waiters = resumeWaiters;
    resumeWaiters = [];
    for (const resume of waiters) resume();
  }
}

/** Resolves at once while playing, or when the player has answered the reality check. */
function untilResumed() {
  return paused ? new Promise((resolve) => resumeWaiters.push(resolve)) : Promise.resolve();
}

window.addEventListener('message', (event) => {
  if (event.origin !== window.location.origin || event.source !== window.parent) return;
  const data = event.data;
  if (data?.type !== 'northstar:reality-check' || typeof data.paused !== 'boolean') return;
  setPaused(data.paused);
});

async function api(name, payload = {}) {
  const response = await fetch(`/originals/api/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: config.token,
      game: game.sysname,
      currency: config.currency,
      ...payload,
    }),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const message = t[`errors_${data.error}`] ?? t.errors_unknown;
    const error = new Error(message);
    error.code = data.error;
    error.retryAfterMs = data.retryAfterMs;
    throw error;
  }
  return data;
}

/** The pace rule for one button: disabled until 2.5 s after the last result was shown. */
function paced(...buttons) {
  let readyAt = 0;
  return {
    shown() {
      readyAt = Date.now() + MIN_ROUND_MS;
      for (const button of buttons) {
        button.disabled = true;
        button.classList.add('cooling');
      }
      setTimeout(() => {
        for (const button of buttons) {
          button.disabled = false;
          button.classList.remove('cooling');
        }
      }, MIN_ROUND_MS);
    },
    ready: () => Date.now() >= readyAt,
  };
}

function stakeSelect(id) {
  const select = el('select', { id, name: 'stake' });
  for (const stake of config.stakes)
    select.append(el('option', { value: stake, text: formatMoney(stake) }));
  select.value = String(config.stakes[Math.min(2, config.stakes.length - 1)]);
  return el('label', { class: 'field' }, el('span', { text: t.stake }), select);
}

async function playRound(button, payload) {
  // Paused by the reality check: no round starts, whatever reached the button.
  if (paused) return null;
  button.disabled = true;
  showNotice('');
  try {
    return await api('play', payload);
  } catch (error) {
    showNotice(error.message, 'error');
    announce(error.message);
    if (error.retryAfterMs) setTimeout(() => (button.disabled = false), error.retryAfterMs);
    else button.disabled = false;
    return null;
  }
}

function infoPanel() {
  const rules = {
    slot: fill(t.slotRules, { count: game.freeSpins, multiplier: game.multiplier }),
    roulette: t.rouletteRules,
    blackjack: t.blackjackRules,
    dice: t.diceRules,
  }[game.engine];
  const body = document.getElementById('info-body');
  replace(
    body,
    el('p', { class: 'rtp', text: fill(t.rtp, { rtp: percent.format(game.rtp) }) }),
    game.volatility ? el('p', { text: fill(t.volatility, { volatility: game.volatility }) }) : null,
    game.jackpot ? el('p', { text: fill(t.jackpotNote, { name: game.jackpot }) }) : null,
    el('p', { text: rules }),
    game.engine === 'slot' ? paytable() : null,
    el('p', { class: 'pace', text: t.paceRule }),
  );
  const dialog = document.getElementById('info');
  document.getElementById('info-open').addEventListener('click', () => dialog.showModal());
}

// ——— Slot ———————————————————————————————————————————————————————————————
const GLYPHS = {
  ten: '10',
  jack: 'J',
  queen: 'Q',
  king: 'K',
  ace: 'A',
  bell: '♣',
  bar: 'BAR',
  seven: '7',
  diamond: '♦',
  wild: 'WILD',
  scatter: '★',
};
const SYMBOL_ORDER = Object.keys(GLYPHS);

function paytable() {
  const rows = SYMBOL_ORDER.slice(0, 10).map((symbol, index) =>
    el(
      'tr',
      {},
      el('th', { scope: 'row' }, el('span', { class: `glyph s-${symbol}`, text: GLYPHS[symbol] })),
      ...game.pays[index].map((pay) => el('td', { text: `×${pay}` })),
    ),
  );
  return el(
    'table',
    { class: 'paytable' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', {}),
        el('th', { text: '3' }),
        el('th', { text: '4' }),
        el('th', { text: '5' }),
      ),
    ),
    el(
      'tbody',
      {},
      ...rows,
      el(
        'tr',
        {},
        el('th', { scope: 'row' }, el('span', { class: 'glyph s-scatter', text: GLYPHS.scatter })),
        ...game.scatterPays.map((pay) => el('td', { text: `×${pay * 20}` })),
      ),
    ),
  );
}

function slotTable(resumed, session) {
  const cells = [];
  const reels = el('div', { class: 'reels', role: 'img', 'aria-label': game.name });
  for (let row = 0; row < 3; row++) {
    for (let reel = 0; reel < 5; reel++) {
      const cell = el('span', { class: 'cell' });
      cells.push(cell);
      reels.append(cell);
    }
  }
  const cellAt = (reel, row) => cells[row * 5 + reel];
  // The paylines come from the server's engine (config.game.paylines): one definition.
  const PAYLINES = game.paylines;
  function draw(spin) {
    spin.reels.forEach((column, reel) =>
      column.forEach((symbol, row) => {
        const cell = cellAt(reel, row);
        cell.className = `cell s-${symbol}`;
        cell.textContent = GLYPHS[symbol];
      }),
    );
    for (const line of spin.lines) {
      PAYLINES[line.line]
        .slice(0, line.count)
        .forEach((row, reel) => cellAt(reel, row).classList.add('hit'));
    }
    if (spin.scatters >= 3) {
      for (const cell of cells) if (cell.classList.contains('s-scatter')) cell.classList.add('hit');
    }
  }
  function describe(spin) {
    const parts = spin.lines.map(
      (line) =>
        `${fill(t.line, { line: line.line + 1, count: line.count, symbol: GLYPHS[line.symbol] })} — ${formatMoney(line.win)}`,
    );
    if (spin.scatterWin > 0)
      parts.push(
        `${fill(t.scatterPay, { count: spin.scatters })} — ${formatMoney(spin.scatterWin)}`,
      );
    return parts;
  }
  const result = el('div', { class: 'result', 'aria-live': 'off' });
  const wins = el('ul', { class: 'wins' });
  const jackpot = session.jackpot
    ? el(
        'p',
        { class: 'jackpot', id: 'jackpot' },
        el('span', { text: session.jackpot.name }),
        el('strong', { text: formatMoney(session.jackpot.amount) }),
      )
    : null;
  const button = el('button', { type: 'button', class: 'primary', id: 'spin', text: t.spin });
  const freeButton = el('button', {
    type: 'button',
    class: 'secondary',
    id: 'freespin',
    text: t.playFreespin,
  });
  const pace = paced(button, freeButton);
  const stake = stakeSelect('stake');

  function showRound(round) {
    draw(round.base);
    replace(wins, ...describe(round.base).map((text) => el('li', { text })));
  }
  async function playFreeSpins(round) {
    if (round.freeSpins.length === 0) return;
    const heading = fill(t.freeSpinsWon, {
      count: round.freeSpins.length,
      multiplier: round.multiplier,
    });
    announce(heading);
    await wait(1200);
    for (let i = 0; i < round.freeSpins.length; i++) {
      // The free spins run by themselves: they wait while the game is paused.
      await untilResumed();
      const spin = round.freeSpins[i];
      result.textContent = fill(t.freeSpin, { n: i + 1, total: round.freeSpins.length });
      draw(spin);
      replace(wins, ...describe(spin).map((text) => el('li', { text })));
      await wait(900);
    }
  }
  function finalText(round) {
    if (round.jackpot) {
      return fill(t.jackpotWon, {
        name: round.jackpot.name,
        amount: formatMoney(round.jackpot.amount),
      });
    }
    return round.win > 0 ? `${t.win}: ${formatMoney(round.win)}` : t.noWin;
  }

  // A free-spin pack for this game (real money): its spins are played at the pack's stake, the
  // next one shown as "Free spin 3 of 10" with that stake (issue #26); the winnings are bonus
  // money with their own wagering, which the frame says beside the counter.
  let offer = session.freespins?.find((pack) => pack.remaining > 0) ?? null;
  const freeCounter = el('span', { class: 'freespins-counter', id: 'freespins-counter' });
  const freeNote = el('span', { class: 'freespins-note', text: t.freespinWinnings });
  const freeInfo = el('p', { class: 'freespins', id: 'freespins' }, freeCounter, freeNote);
  function showOffer() {
    const live = Boolean(offer && offer.remaining > 0);
    freeInfo.hidden = !live;
    freeButton.hidden = !live;
    if (live) {
      const total = Math.max(offer.total ?? offer.remaining, offer.remaining);
      freeCounter.textContent = fill(t.freespinPack, {
        n: total - offer.remaining + 1,
        total,
        stake: formatMoney(offer.stake),
      });
    }
  }

  async function spin(trigger, bet) {
    if (!pace.ready()) return;
    reels.classList.add('spinning');
    const started = Date.now();
    const played = await playRound(trigger, { bet });
    if (!played) {
      reels.classList.remove('spinning');
      return;
    }
    await wait(Math.max(0, 600 - (Date.now() - started)));
    reels.classList.remove('spinning');
    const round = played.view;
    showRound(round);
    await playFreeSpins(round);
    result.textContent = finalText(round);
    announce(finalText(round));
    setBalance(played.balance);
    if (played.freespins && offer) offer = { ...offer, remaining: played.freespins.remaining };
    showOffer();
    pace.shown();
  }
  button.addEventListener('click', () =>
    spin(button, { stake: Number(stake.querySelector('select').value) }),
  );
  freeButton.addEventListener('click', () => offer && spin(freeButton, { freespin: offer.id }));
  showOffer();

  const first = resumed?.view;
  if (first) {
    showRound(first);
    result.textContent = finalText(first);
  } else {
    draw({
      reels: Array.from({ length: 5 }, (_, reel) =>
        [0, 1, 2].map((row) => SYMBOL_ORDER[(reel * 3 + row) % 9]),
      ),
      lines: [],
      scatters: 0,
    });
  }
  replace(
    table,
    jackpot,
    freeInfo,
    reels,
    result,
    wins,
    el('div', { class: 'controls' }, stake, button, freeButton),
  );
}

// ——— Roulette ———————————————————————————————————————————————————————————
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const colourOf = (n) => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');

function rouletteTable(resumed) {
  const bets = new Map();
  const chip = stakeSelect('chip');
  chip.querySelector('span').textContent = t.chip;
  chip.querySelector('select').value = String(config.stakes[2]);
  const total = el('output', { class: 'total' });
  const result = el('div', { class: 'result pocket-result' });
  const board = el('div', { class: 'board' });
  const spots = new Map();

  const key = (bet) => `${bet.kind}:${(bet.numbers ?? []).join('-')}`;
  function refresh() {
    let sum = 0;
    for (const [id, spot] of spots) {
      const bet = bets.get(id);
      spot.dataset.stake = bet ? formatMoney(bet.stake) : '';
      spot.classList.toggle('has-bet', Boolean(bet));
      if (bet) sum += bet.stake;
    }
    total.textContent = `${t.totalBet}: ${formatMoney(sum)}`;
  }
  function spot(bet, label, className, position) {
    const id = key(bet);
    const name = typeof label === 'number' ? String(label) : label;
    const button = el('button', {
      type: 'button',
      class: `spot ${className}`,
      text: name,
      'aria-label': name,
      onclick: () => {
        const value = Number(chip.querySelector('select').value);
        const current = bets.get(id);
        bets.set(id, { ...bet, stake: (current?.stake ?? 0) + value });
        refresh();
      },
    });
    if (position)
      for (const [name, value] of Object.entries(position))
        button.style.setProperty(`--${name}`, value);
    spots.set(id, button);
    board.append(button);
  }
  // Positions: row/col on the wide board (3 rows of 12), mrow/mcol on a phone (12 rows of 3).
  spot({ kind: 'straight', numbers: [0] }, 0, 'green zero', {
    row: 1,
    col: 1,
    rowspan: 3,
    mrow: 1,
    mcol: 1,
    mcolspan: 3,
  });
  for (let n = 1; n <= 36; n++) {
    spot({ kind: 'straight', numbers: [n] }, n, colourOf(n), {
      row: 4 - (((n - 1) % 3) + 1),
      col: Math.ceil(n / 3) + 1,
      mrow: Math.ceil(n / 3) + 1,
      mcol: ((n - 1) % 3) + 1,
    });
  }
  for (let c = 1; c <= 3; c++)
    spot({ kind: 'column', numbers: [c] }, fill(t.column, { n: c }), 'outside column', {
      row: 4 - c,
      col: 14,
      mrow: 14,
      mcol: c,
    });
  for (let d = 1; d <= 3; d++)
    spot({ kind: 'dozen', numbers: [d] }, t[`dozen${d}`], 'outside dozen', {
      row: 4,
      col: (d - 1) * 4 + 2,
      span: 4,
      mrow: (d - 1) * 4 + 2,
      mrowspan: 4,
      mcol: 4,
    });
  [
    ['low', t.low],
    ['even', t.even],
    ['red', t.red],
    ['black', t.black],
    ['odd', t.odd],
    ['high', t.high],
  ].forEach(([kind, label], i) =>
    spot({ kind }, label, `outside even-money ${kind === 'red' || kind === 'black' ? kind : ''}`, {
      row: 5,
      col: i * 2 + 2,
      span: 2,
      mrow: i * 2 + 2,
      mrowspan: 2,
      mcol: 5,
    }),
  );

  const clear = el('button', {
    type: 'button',
    class: 'secondary',
    text: t.clearBets,
    onclick: () => {
      bets.clear();
      refresh();
    },
  });
  const button = el('button', { type: 'button', class: 'primary', id: 'spin', text: t.spin });
  const pace = paced(button);
  function show(round) {
    replace(
      result,
      el('span', { class: `pocket ${colourOf(round.pocket)}`, text: String(round.pocket) }),
      el('span', { text: round.win > 0 ? `${t.win}: ${formatMoney(round.win)}` : t.noWin }),
    );
    for (const spotButton of spots.values()) spotButton.classList.remove('winner');
    spots.get(`straight:${round.pocket}`)?.classList.add('winner');
  }
  button.addEventListener('click', async () => {
    if (!pace.ready() || bets.size === 0) return;
    result.classList.add('spinning');
    const played = await playRound(button, { bet: { bets: [...bets.values()] } });
    await wait(700);
    result.classList.remove('spinning');
    if (!played) return;
    show(played.view);
    announce(
      `${fill(t.pocket, { pocket: played.view.pocket })}. ${played.view.win > 0 ? `${t.win}: ${formatMoney(played.view.win)}` : t.noWin}`,
    );
    setBalance(played.balance);
    pace.shown();
  });
  if (resumed?.view) show(resumed.view);
  refresh();
  replace(table, result, board, el('div', { class: 'controls' }, chip, total, clear, button));
}

// ——— Blackjack ——————————————————————————————————————————————————————————
const SUITS = ['♣', '♦', '♥', '♠'];
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const cardNode = (card) =>
  card
    ? el('span', {
        class: `card ${card.suit === 1 || card.suit === 2 ? 'red' : 'black'}`,
        text: `${RANKS[card.rank]}${SUITS[card.suit]}`,
      })
    : el('span', { class: 'card back', 'aria-label': '?' });

function blackjackTable(resumed) {
  let round = resumed?.round ?? null;
  const dealer = el('div', { class: 'hand dealer' });
  const hands = el('div', { class: 'hands' });
  const stake = stakeSelect('stake');
  const deal = el('button', { type: 'button', class: 'primary', id: 'deal', text: t.deal });
  const pace = paced(deal);
  const actions = {};
  const actionBar = el('div', { class: 'actions' });
  for (const action of ['hit', 'stand', 'double', 'split']) {
    actions[action] = el('button', {
      type: 'button',
      class: 'secondary',
      id: action,
      text: t[action],
      disabled: true,
      onclick: () => act(action),
    });
    actionBar.append(actions[action]);
  }
  const outcomeText = {
    blackjack: t.blackjack,
    win: t.handWin,
    push: t.push,
    lose: t.lose,
    bust: t.bust,
  };

  function show(view) {
    const dealerCards = view.phase === 'player' ? [...view.dealer, null] : view.dealer;
    replace(
      dealer,
      el('h2', { text: `${t.dealer} · ${view.dealerTotal}` }),
      el('div', { class: 'cards' }, ...dealerCards.map(cardNode)),
    );
    replace(
      hands,
      ...view.hands.map((hand, index) =>
        el(
          'div',
          {
            class: `hand player${view.phase === 'player' && index === view.active ? ' active' : ''}`,
          },
          el('h2', {
            text: `${view.hands.length > 1 ? fill(t.hand, { n: index + 1 }) : ''} ${hand.total} · ${formatMoney(hand.stake)}`.trim(),
          }),
          el('div', { class: 'cards' }, ...hand.cards.map(cardNode)),
          hand.outcome
            ? el('p', {
                class: `outcome ${hand.outcome}`,
                text: `${outcomeText[hand.outcome]}${hand.payout ? ` · ${formatMoney(hand.payout)}` : ''}`,
              })
            : null,
        ),
      ),
    );
    for (const [name, button] of Object.entries(actions))
      button.disabled = !view.actions.includes(name);
    const playing = view.phase === 'player';
    stake.querySelector('select').disabled = playing;
    if (playing) deal.disabled = true;
    if (!playing) {
      round = null;
      const outcome = view.hands.map((hand) => outcomeText[hand.outcome]).join(', ');
      announce(outcome);
    } else {
      announce(`${view.hands[view.active].total}`);
      actions[view.actions[0]]?.focus();
    }
  }
  async function act(action) {
    if (paused) return;
    for (const button of Object.values(actions)) button.disabled = true;
    try {
      const played = await api('act', { round, action });
      setBalance(played.balance);
      show(played.view);
      if (played.view.phase === 'settled') pace.shown();
    } catch (error) {
      showNotice(error.message, 'error');
      announce(error.message);
    }
  }
  deal.addEventListener('click', async () => {
    if (!pace.ready()) return;
    const played = await playRound(deal, {
      bet: { stake: Number(stake.querySelector('select').value) },
    });
    if (!played) return;
    round = played.round;
    setBalance(played.balance);
    show(played.view);
    if (played.view.phase === 'settled') pace.shown();
  });
  replace(table, dealer, hands, el('div', { class: 'controls' }, stake, deal), actionBar);
  if (resumed?.view) show(resumed.view);
}

// ——— Dice ———————————————————————————————————————————————————————————————
function diceTable(session) {
  let seeds = session.seeds;
  const edge = game.edge ?? 100;
  const direction = el(
    'fieldset',
    { class: 'toggle' },
    el('legend', { text: t.target }),
    ...['under', 'over'].map((value) =>
      el(
        'label',
        {},
        el('input', { type: 'radio', name: 'direction', value, checked: value === 'under' }),
        el('span', { text: t[value] }),
      ),
    ),
  );
  const slider = el('input', {
    type: 'range',
    id: 'target',
    min: 100,
    max: 9800,
    step: 1,
    value: 5000,
    'aria-label': t.target,
  });
  const targetOutput = el('output', { class: 'target-value', for: 'target' });
  const odds = el('p', { class: 'odds' });
  const stake = stakeSelect('stake');
  const roll = el('button', { type: 'button', class: 'primary', id: 'roll', text: t.roll });
  const pace = paced(roll);
  const result = el('div', { class: 'result dice-result' });
  const history = el('ol', { class: 'history' });
  const fairness = el('section', { class: 'fairness', 'aria-labelledby': 'fair-title' });

  const currentDirection = () => direction.querySelector('input:checked').value;
  const winningRolls = () => {
    const target = Number(slider.value);
    return currentDirection() === 'under' ? target : 9999 - target;
  };
  function updateOdds() {
    const target = Number(slider.value);
    targetOutput.textContent = (target / 100).toFixed(2);
    const winning = winningRolls();
    const valid = winning >= 100 && winning <= 9800;
    const multiplier = (10000 - edge) / winning;
    odds.textContent = valid
      ? `${t.chance}: ${percent.format(winning / 10000)} · ${t.multiplier}: ×${multiplier.toFixed(4)}`
      : t.errors_bad_bet;
    roll.disabled = !valid || roll.classList.contains('cooling');
  }
  function showFairness(revealed) {
    const clientSeed = el('input', {
      id: 'client-seed',
      value: seeds.clientSeed,
      maxlength: 64,
      autocomplete: 'off',
      spellcheck: 'false',
    });
    replace(
      fairness,
      el('h2', { id: 'fair-title', text: t.fairness }),
      el(
        'dl',
        {},
        el('dt', { text: t.serverSeedHash }),
        el('dd', { class: 'mono', id: 'server-seed-hash', text: seeds.serverSeedHash }),
        el('dt', { text: t.nonce }),
        el('dd', { class: 'mono', id: 'nonce', text: String(seeds.nonce) }),
      ),
      el('label', { class: 'field' }, el('span', { text: t.clientSeed }), clientSeed),
      el('button', {
        type: 'button',
        class: 'secondary',
        id: 'rotate',
        text: t.rotate,
        onclick: async () => {
          try {
            const rotated = await api('seeds', { clientSeed: clientSeed.value });
            seeds = rotated.next;
            showFairness(rotated.revealed);
          } catch (error) {
            showNotice(error.message, 'error');
          }
        },
      }),
      revealed
        ? el(
            'div',
            { class: 'revealed' },
            el(
              'p',
              {},
              el('strong', { text: `${t.revealed}: ` }),
              el('span', { class: 'mono', id: 'revealed-seed', text: revealed.serverSeed }),
            ),
            el('a', {
              href: `/originals/fair?${new URLSearchParams({ serverSeed: revealed.serverSeed, clientSeed: revealed.clientSeed, nonce: String(Math.max(0, revealed.nonces - 1)), lang: config.locale })}`,
              target: '_blank',
              rel: 'noopener',
              text: t.verify,
            }),
          )
        : null,
    );
  }
  slider.addEventListener('input', updateOdds);
  direction.addEventListener('change', updateOdds);
  roll.addEventListener('click', async () => {
    if (!pace.ready()) return;
    const played = await playRound(roll, {
      bet: {
        stake: Number(stake.querySelector('select').value),
        direction: currentDirection(),
        target: Number(slider.value),
      },
    });
    if (!played) return;
    const view = played.view;
    const text = `${fill(t.rolled, { roll: (view.roll / 100).toFixed(2) })} · ${view.win > 0 ? `${t.win}: ${formatMoney(view.win)}` : t.noWin}`;
    replace(
      result,
      el('span', {
        class: `roll ${view.win > 0 ? 'won' : 'lost'}`,
        id: 'roll-value',
        'data-nonce': view.nonce,
        text: (view.roll / 100).toFixed(2),
      }),
      el('span', { text: view.win > 0 ? `${t.win}: ${formatMoney(view.win)}` : t.noWin }),
    );
    history.prepend(
      el('li', { class: view.win > 0 ? 'won' : 'lost', text: (view.roll / 100).toFixed(2) }),
    );
    while (history.children.length > 10) history.lastChild.remove();
    seeds = { ...seeds, nonce: view.nonce + 1 };
    document.getElementById('nonce').textContent = String(seeds.nonce);
    announce(text);
    setBalance(played.balance);
    pace.shown();
    setTimeout(updateOdds, MIN_ROUND_MS + 10);
  });
  updateOdds();
  showFairness(null);
  replace(
    table,
    result,
    el(
      'div',
      { class: 'dice-controls' },
      direction,
      el('div', { class: 'slider' }, slider, targetOutput),
      odds,
    ),
    el('div', { class: 'controls' }, stake, roll),
    history,
    fairness,
  );
}

// ——— Start ——————————————————————————————————————————————————————————————
async function start() {
  infoPanel();
  let session;
  try {
    session = await api('session');
  } catch (error) {
    showNotice(error.message, 'error');
    table.setAttribute('aria-busy', 'false');
    return;
  }
  setBalance(session.balance);
  const resumed = session.resumable[0];
  const finished = session.finished.at(-1);
  if (resumed) showNotice(`${t.lastRound}: ${t.lastRoundResumed}`);
  else if (finished) {
    showNotice(
      `${t.lastRound}: ${fill(t.lastRoundSettled, { result: finished.win > 0 ? `${t.win} ${formatMoney(finished.win)}` : t.noWin })}`,
    );
  }
  const shown = resumed ?? finished;
  if (game.engine === 'slot') slotTable(shown, session);
  else if (game.engine === 'roulette') rouletteTable(shown);
  else if (game.engine === 'blackjack') blackjackTable(resumed);
  else diceTable(session);
  table.setAttribute('aria-busy', 'false');
}

void start();
