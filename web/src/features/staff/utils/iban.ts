/**
 * An IBAN as people type it (spaces, lower case) and as the server keeps
 * it: upper case without spaces, checked with its mod-97 check digits (ISO
 * 13616) the way the server checks it, so a typo shows at its field. The
 * bank's BIC likewise, checked against the IBAN's country.
 */

/** The IBAN without spaces, in upper case: what is sent. */
export const normalizeIban = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** The IBAN in groups of four, as it is printed: "PL61 1090 1014 …". */
export const formatIban = (text: string): string => normalizeIban(text).replace(/(.{4})(?=.)/g, '$1 ');

/** A country code, two check digits and up to 30 letters or digits (the longest IBAN has 34 characters). */
const SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** Whether the text is an IBAN: its shape, and the remainder 1 of its number modulo 97. */
export function isValidIban(text: string): boolean {
  const iban = normalizeIban(text);
  if (!SHAPE.test(iban)) return false;
  // The first four characters go last; each letter counts as two digits (A = 10 … Z = 35).
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    remainder = (value > 9 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/** The BIC without spaces, in upper case: what is sent and shown once typed. */
export const normalizeBic = (text: string): string => text.replace(/\s+/g, '').toUpperCase();

/** Four letters for the bank, two for its country, two letters or digits for the place, three more for a branch or none (ISO 9362). */
const BIC_SHAPE = /^[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;

/** What is wrong with a BIC: not one (`invalid`), or a bank in another country than the IBAN's (`country`). */
export type BicProblem = 'invalid' | 'country';

/**
 * What is wrong with a BIC for the account with that IBAN, spaces and case
 * aside, the way the server checks it (none for a BIC not given: it is optional).
 */
export function checkBic(bic: string, iban: string): BicProblem | undefined {
  const code = normalizeBic(bic);
  if (code === '') return undefined;
  if (!BIC_SHAPE.test(code)) return 'invalid';
  // Its fifth and sixth letters are the bank's country: the account's is the IBAN's first two.
  return code.slice(4, 6) === normalizeIban(iban).slice(0, 2) ? undefined : 'country';
}
