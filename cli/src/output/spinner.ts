import type { IOStreams } from '../factory.ts';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
/** Quick answers never flash a spinner. */
export const SPINNER_DELAY_MS = 300;
const FRAME_MS = 80;

/** Runs `work`; on a terminal, shows a spinner on stderr if it takes over 300 ms. */
export async function withSpinner<T>(io: IOStreams, label: string, work: () => Promise<T>): Promise<T> {
  if (!io.isStderrTTY) return work();
  let frame = 0;
  let interval: ReturnType<typeof setInterval> | undefined;
  const draw = () => io.stderr.write(`\r${FRAMES[frame++ % FRAMES.length]} ${label}`);
  const delay = setTimeout(() => {
    draw();
    interval = setInterval(draw, FRAME_MS);
  }, SPINNER_DELAY_MS);
  try {
    return await work();
  } finally {
    clearTimeout(delay);
    if (interval !== undefined) {
      clearInterval(interval);
      io.stderr.write('\r\u001b[2K');
    }
  }
}
