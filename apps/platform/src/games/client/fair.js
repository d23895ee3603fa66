// The provably fair check, in the browser: the same formula as the server (engines/dice.ts),
// with WebCrypto, so the player needs to trust nothing of ours to recompute a roll.
const texts = JSON.parse(document.getElementById('fair-texts').textContent);
const form = document.getElementById('verify');
const output = document.getElementById('verify-result');
const encoder = new TextEncoder();

const hex = (buffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

async function roll(serverSeed, clientSeed, nonce) {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(serverSeed),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const digest = await crypto.subtle.sign('HMAC', key, encoder.encode(`${clientSeed}:${nonce}`));
  const first = new DataView(digest).getUint32(0, false);
  return Math.floor((first * 10000) / 2 ** 32);
}

async function compute() {
  const data = new FormData(form);
  const serverSeed = String(data.get('serverSeed') ?? '');
  const clientSeed = String(data.get('clientSeed') ?? '');
  const nonce = Number(data.get('nonce') ?? 0);
  const value = await roll(serverSeed, clientSeed, nonce);
  const hash = hex(await crypto.subtle.digest('SHA-256', encoder.encode(serverSeed)));
  output.replaceChildren();
  const rollLine = document.createElement('p');
  rollLine.className = 'roll';
  rollLine.dataset.roll = String(value);
  rollLine.textContent = texts.rollResult.replace('{roll}', (value / 100).toFixed(2));
  const hashLine = document.createElement('p');
  hashLine.className = 'hash';
  hashLine.textContent = texts.hashResult.replace('{hash}', hash);
  output.append(rollLine, hashLine);
}

const params = new URLSearchParams(location.search);
for (const name of ['serverSeed', 'clientSeed', 'nonce']) {
  if (params.has(name)) form.elements[name].value = params.get(name);
}
form.addEventListener('submit', (event) => {
  event.preventDefault();
  void compute();
});
if (params.has('serverSeed')) void compute();
