/**
 * New orders that staff notice from anywhere in the back office, and from another tab: the count waiting for
 * confirmation in the tab's title, and, for those who turn it on, a short chime when it rises. The choice is this
 * browser's (a packing station wants it, a laptop in a meeting does not).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useWaitingCount } from '../orders/api';
import { Button } from '../components/ui';
import { setTitleCount } from '../lib/document-title';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';

const SOUND_KEY = 'attar-admin-new-order-sound';

/** Two rising notes, a third of a second: heard across a packing room, not alarming. */
function chime(context: AudioContext) {
  const start = context.currentTime;
  [880, 1320].forEach((frequency, index) => {
    const at = start + index * 0.18;
    const note = context.createOscillator();
    const volume = context.createGain();
    note.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    note.connect(volume).connect(context.destination);
    note.start(at);
    note.stop(at + 0.32);
  });
}

/**
 * The sound, once allowed: browsers let a page play only after the reader has done something on it, so the player is
 * made on the click that turns the sound on, or on the first click or key after a reload with the sound on.
 */
function useChime(on: boolean) {
  const context = useRef<AudioContext | null>(null);
  const wake = useCallback(async () => {
    if (typeof AudioContext === 'undefined') return;
    context.current ??= new AudioContext();
    await context.current.resume();
  }, []);
  useEffect(() => {
    if (!on) return;
    const onFirstMove = () => void wake();
    document.addEventListener('pointerdown', onFirstMove, { once: true });
    document.addEventListener('keydown', onFirstMove, { once: true });
    return () => {
      document.removeEventListener('pointerdown', onFirstMove);
      document.removeEventListener('keydown', onFirstMove);
    };
  }, [on, wake]);
  const play = useCallback(() => {
    if (context.current?.state === 'running') chime(context.current);
  }, []);
  return { wake, play };
}

export function NewOrderAlert() {
  const { locale, t } = useI18n();
  const waiting = useWaitingCount().data;
  const [soundOn, setSoundOn] = useState(() => localStorage.getItem(SOUND_KEY) === 'on');
  const { wake, play } = useChime(soundOn);
  const lastWaiting = useRef<number | undefined>(undefined);

  useEffect(() => {
    setTitleCount(waiting ? formatNumber(locale, waiting) : '');
  }, [waiting, locale]);
  useEffect(() => () => setTitleCount(''), []);
  useEffect(() => {
    if (waiting === undefined) return;
    if (soundOn && lastWaiting.current !== undefined && waiting > lastWaiting.current) play();
    lastWaiting.current = waiting;
  }, [waiting, soundOn, play]);

  const toggle = () => {
    const next = !soundOn;
    localStorage.setItem(SOUND_KEY, next ? 'on' : 'off');
    // Turning it on plays it once, so the reader knows what to listen for.
    if (next) void wake().then(play);
    setSoundOn(next);
  };
  return (
    <Button aria-pressed={soundOn} onClick={toggle} title={t(soundOn ? 'newOrderSoundOff' : 'newOrderSoundOn')}>
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="1.6">
        <path d="M3 8h3l4-3v10l-4-3H3z" />
        {soundOn ? <path d="M13 7.5a3.5 3.5 0 0 1 0 5M15 5a7 7 0 0 1 0 10" /> : <path d="M13.5 7.5l4 5M17.5 7.5l-4 5" />}
      </svg>
      {t('newOrderSound')}
    </Button>
  );
}
