/**
 * Unicode's directional isolates for plain text (a page title, an SMS, an e-mail's text part), where no `<bdi>` can
 * be used: a Latin word, a number or a phone inside Arabic keeps its own direction and leaves the quote marks and
 * punctuation around it where the sentence put them.
 */
const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

/** Text a shopper typed, in the direction of its own first strong letter: «yasmeen» stays «yasmeen» in Arabic. */
export const isolated = (text: string) => `${FSI}${text}${PDI}`;

/** A value always read left to right (a phone, a code, an amount with its sign). */
export const isolatedLtr = (text: string) => `${LRI}${text}${PDI}`;
