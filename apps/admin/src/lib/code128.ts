/**
 * Code 128 (ISO/IEC 15417), the 1-D barcode a courier's counter scanner reads: printable ASCII in code set B, and a run
 * of digits in code set C (two digits a symbol), so an order number such as AT100123 stays short enough for an 80 mm
 * receipt. The result is the bars and spaces as widths in modules, bar first, without the quiet zones.
 */

/** Each symbol's six element widths (bar, space, bar, space, bar, space), eleven modules in all; 106 is the stop. */
// prettier-ignore
const PATTERNS = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];

const CODE_C = 99;
const CODE_B = 100;
const START_B = 104;
const START_C = 105;
const STOP = 106;

/** The length of the run of digits starting at `from`. */
function digitsFrom(text: string, from: number): number {
  let end = from;
  while (end < text.length && text[end]! >= '0' && text[end]! <= '9') end++;
  return end - from;
}

/**
 * Switching to code set C pays for itself from four digits at the end of the text or six in its middle (the switch
 * back costs a symbol too); an odd run keeps its first digit in code set B. Starting in C costs nothing, so there four
 * digits pay, or two that are the whole text.
 */
const worthCodeC = (run: number, atEnd: boolean) => run >= (atEnd ? 4 : 6);
const worthStartingInC = (run: number, whole: boolean) => run >= 4 || (whole && run >= 2);

/** The symbol values of `text`: start, data, check symbol and stop. Throws on a character Code 128 B cannot carry. */
export function code128Symbols(text: string): number[] {
  if (!/^[\x20-\x7e]+$/.test(text)) throw new RangeError('Code 128 carries printable ASCII only');
  const symbols: number[] = [];
  let setC = false;
  let at = 0;
  const leadingRun = digitsFrom(text, 0);
  if (leadingRun % 2 === 0 && worthStartingInC(leadingRun, leadingRun === text.length)) {
    symbols.push(START_C);
    setC = true;
  } else symbols.push(START_B);
  while (at < text.length) {
    const run = digitsFrom(text, at);
    if (setC) {
      if (run >= 2) {
        symbols.push(Number(text.slice(at, at + 2)));
        at += 2;
        continue;
      }
      symbols.push(CODE_B);
      setC = false;
    }
    // In code set B: move to C where a long enough run of digits begins (after its odd first digit).
    const evenRun = run - (run % 2);
    if (run % 2 === 0 && worthCodeC(evenRun, at + run === text.length)) {
      symbols.push(CODE_C);
      setC = true;
      continue;
    }
    symbols.push(text.charCodeAt(at) - 32);
    at++;
  }
  const check = symbols.reduce((sum, value, position) => sum + value * Math.max(position, 1), 0) % 103;
  return [...symbols, check, STOP];
}

/** The bars and spaces of `text` as module widths, bar first. */
export const code128Widths = (text: string): number[] => code128Symbols(text).flatMap((symbol) => [...PATTERNS[symbol]!].map(Number));
