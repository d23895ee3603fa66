/**
 * The loyalty notice's chime (§9: at the site config's volume, 0.5 by default): two short bell
 * tones made with Web Audio, so no sound file is downloaded. Browsers block sound before the
 * player has interacted with the page; then it stays silent (the toast still shows).
 */
let context: AudioContext | null = null;

export function playChime(volume: number): void {
  if (volume <= 0 || typeof window === 'undefined' || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
    const start = context.currentTime;
    const master = context.createGain();
    master.gain.value = volume;
    master.connect(context.destination);
    for (const [index, frequency] of [880, 1318.5].entries()) {
      const at = start + index * 0.12;
      const tone = context.createOscillator();
      const envelope = context.createGain();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      envelope.gain.setValueAtTime(0, at);
      envelope.gain.linearRampToValueAtTime(1, at + 0.01);
      envelope.gain.exponentialRampToValueAtTime(0.001, at + 0.6);
      tone.connect(envelope).connect(master);
      tone.start(at);
      tone.stop(at + 0.65);
    }
  } catch {
    // No audio here (blocked, no device): the notice shows without its chime.
  }
}
