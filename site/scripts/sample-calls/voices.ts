import type { Speaker } from '../../src/content/sample-calls/dialogues.ts';

/** Every turn is resampled to this rate (Hz) before the call is assembled and encoded. */
export const SAMPLE_RATE = 24_000;

export interface Voice {
  engine: 'festival' | 'flite';
  /** festival: the voice's Scheme function; flite: its `-voice` name. */
  name: string;
  /** sox effects applied to each turn after resampling. */
  effects: string[];
}

/**
 * Two distinct voices, chosen after trying espeak-ng (en-gb, en-us; no MBROLA voices are
 * packaged in Debian main), flite (kal, kal16, awb, rms, slt) and festival (kal, ked
 * diphones, the slt HTS voice): the HTS voice is the smoothest, so the receptionist gets it;
 * the caller is flite's awb, a male voice with a non-American accent. The caller's turns are
 * band-limited like a phone line so the two sides stay easy to tell apart.
 */
export const VOICES: Record<Speaker, Voice> = {
  Receptionist: { engine: 'festival', name: 'voice_cmu_us_slt_arctic_hts', effects: [] },
  Caller: { engine: 'flite', name: 'awb', effects: ['sinc', '250-3600'] },
};
