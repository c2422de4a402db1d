/** Minimal ANSI styling; every function is the identity when colour is off. */
export interface Palette {
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string) => text;

export function palette(enabled: boolean): Palette {
  if (!enabled) return { bold: plain, dim: plain, green: plain, red: plain, yellow: plain };
  return {
    bold: wrap(1, 22),
    dim: wrap(2, 22),
    green: wrap(32, 39),
    red: wrap(31, 39),
    yellow: wrap(33, 39),
  };
}
