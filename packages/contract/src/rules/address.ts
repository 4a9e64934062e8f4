/**
 * One address block for an Egyptian delivery address and its phone, for every place that shows one (the storefront,
 * e-mails, SMS, the back office and its printouts): the name, the street, the labelled building, floor and flat
 * (`مبنى 15، الطابق 4، شقة 12` / `Building 15, Floor 4, Flat 12`), city and governorate, the landmark and the phone, with
 * the language's own comma. Numbers and the phone are kept left to right; the words a shopper typed keep their own
 * direction; the block as a whole takes the direction of its first strong letter, so an Arabic address reads right to
 * left in the English interface too. The labels come from the caller's message catalogue.
 */
import { isolated, isolatedLtr } from './bidi';

/** A piece of a line: the catalogue's words, a value kept left to right (`ltr`), or words that keep their own (`own`). */
export type AddressPiece = { text: string; ltr?: true; own?: true };
export type AddressLinePart = 'name' | 'street' | 'unit' | 'place' | 'landmark' | 'phone';
export type AddressLine = { part: AddressLinePart; pieces: AddressPiece[] };

/** The catalogue's labels, each with `{value}` where the value goes ("Building {value}", "مبنى {value}"). */
export type AddressLabels = { building: string; floor: string; apartment: string; landmark: string; phone: string };

export type AddressBlockInput = {
  name: string;
  phone: string;
  street: string;
  building?: string | null | undefined;
  floor?: string | null | undefined;
  apartment?: string | null | undefined;
  landmark?: string | null | undefined;
  /** Names in the reader's language. */
  city: string;
  region: string;
};

/** The comma of each language: Arabic's `،` in Arabic, a Latin comma in English. */
export const listComma = (lang: string) => (lang === 'ar' ? '، ' : ', ');

/** How a phone is written: with the country code (`+20 100 …`), or as dialled inside Egypt (`0100 …`). */
type PhoneForm = 'international' | 'national';

/**
 * A phone number as it is shown (always left to right): an Egyptian mobile `+20 100 123 4567`, a Cairo or Giza line
 * `+20 2 2555 1234`, another Egyptian line `+20 XX XXX XXXX`; anything else as it is. The national form drops the
 * country code for the trunk 0 (`0100 123 4567`, `02 2555 1234`): what files for spreadsheets write, where a leading `+`
 * reads as a formula and the digits alone as a number losing its 0, while the spaces keep it text.
 */
export function displayPhone(e164: string | null | undefined, form: PhoneForm = 'international'): string {
  if (!e164) return '';
  const groups =
    /^\+20(1\d\d)(\d{3})(\d{4})$/.exec(e164) ?? /^\+20(2)(\d{4})(\d{4})$/.exec(e164) ?? /^\+20(\d{2})(\d{3})(\d{3,4})$/.exec(e164);
  if (!groups) return e164;
  const [area, ...rest] = groups.slice(1);
  return [form === 'national' ? `0${area}` : `+20 ${area}`, ...rest].join(' ');
}

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
const STRONG = /[A-Za-z\u00C0-\u024F\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** The direction of a text's first strong letter (Unicode's rule for `dir="auto"`); `fallback` when it has none. */
export function firstStrongDirection(text: string, fallback: 'ltr' | 'rtl' = 'ltr'): 'ltr' | 'rtl' {
  const letter = STRONG.exec(text)?.[0];
  if (!letter) return fallback;
  return /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(letter) ? 'rtl' : 'ltr';
}

/** A label with its value in place: the words around it, the value left to right unless it holds Arabic letters. */
function labelled(label: string, value: string): AddressPiece[] {
  const [before = '', after = ''] = label.split('{value}');
  const pieces: AddressPiece[] = [];
  if (before) pieces.push({ text: before });
  pieces.push(ARABIC_LETTER.test(value) ? { text: value, own: true } : { text: value, ltr: true });
  if (after) pieces.push({ text: after });
  return pieces;
}

const joined = (groups: AddressPiece[][], comma: string): AddressPiece[] =>
  groups.flatMap((group, index) => (index === 0 ? group : [{ text: comma }, ...group]));

/** The block's lines in `lang` (the reader's), each only when it has something to say. */
export function addressLines(address: AddressBlockInput, lang: string, labels: AddressLabels): AddressLine[] {
  const comma = listComma(lang);
  const given = (value: string | null | undefined): value is string => Boolean(value && value.trim());
  const unit = (
    [
      [address.building, labels.building],
      [address.floor, labels.floor],
      [address.apartment, labels.apartment],
    ] as const
  )
    .filter(([value]) => given(value))
    .map(([value, label]) => labelled(label, value!.trim()));
  const lines: AddressLine[] = [
    { part: 'name', pieces: [{ text: address.name, own: true }] },
    { part: 'street', pieces: [{ text: address.street, own: true }] },
  ];
  if (unit.length > 0) lines.push({ part: 'unit', pieces: joined(unit, comma) });
  const place = [address.city, address.region].filter(given).map((name) => [{ text: name, own: true as const }]);
  if (place.length > 0) lines.push({ part: 'place', pieces: joined(place, comma) });
  if (given(address.landmark)) {
    const pieces = labelled(labels.landmark, address.landmark.trim()).map((piece) =>
      piece.ltr || piece.own ? { text: piece.text, own: true as const } : piece,
    );
    lines.push({ part: 'landmark', pieces });
  }
  const phone = labelled(labels.phone, '0').map((piece) => (piece.ltr ? { text: displayPhone(address.phone), ltr: true as const } : piece));
  lines.push({ part: 'phone', pieces: phone });
  return lines;
}

/** The block's direction: its first strong letter among the words a shopper typed, else the reader's language's. */
export function addressDirection(lines: AddressLine[], lang: string): 'ltr' | 'rtl' {
  const typed = lines.flatMap((line) => line.pieces.filter((piece) => piece.own).map((piece) => piece.text)).join(' ');
  return firstStrongDirection(typed, lang === 'ar' ? 'rtl' : 'ltr');
}

/**
 * One line as plain text (SMS, an e-mail's text part, a printout's text): values left to right in LRI … PDI, typed
 * words in their own direction in FSI … PDI (Unicode's isolates), so "+20 105 555 6666" keeps its `+` in front in
 * Arabic.
 */
export function addressLineText(line: AddressLine): string {
  return line.pieces.map((piece) => (piece.ltr ? isolatedLtr(piece.text) : piece.own ? isolated(piece.text) : piece.text)).join('');
}

/** The whole block as plain text, a line each. */
export function addressText(address: AddressBlockInput, lang: string, labels: AddressLabels): string {
  return addressLines(address, lang, labels).map(addressLineText).join('\n');
}
