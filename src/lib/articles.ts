/**
 * The indefinite article of a phrase put together at run time ("an information request", "a call
 * request"), so that text built from parts reads as if written whole. The sound decides, not the
 * letter: "a user", "a one-time code", "an hour", "an SMS", "a URL", "an ERP program".
 */

/** Vowel letters with a consonant sound ("a user", "a unique code", "a one-time code"). */
const A_BEFORE = /^(?:one(?![a-z])|once|uni(?:form|on|que|t|vers)|us(?:e|u|a)|utility|utensil|eu|ewe)/i;
/** A silent h ("an hour", "an honest answer"). */
const AN_BEFORE = /^(?:hour|honest|honor|heir)/i;
/** An initialism is read letter by letter: "an" when the first letter's name starts with a vowel. */
const INITIALISM = /^[A-Z][A-Z0-9]*$/;
const VOWEL_NAMED_LETTERS = new Set(['A', 'E', 'F', 'H', 'I', 'L', 'M', 'N', 'O', 'R', 'S', 'X']);
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/** "a" or "an" for `phrase`; its first word decides. */
export function indefiniteArticle(phrase: string): 'a' | 'an' {
  const word = /[A-Za-z0-9]+/.exec(phrase)?.[0] ?? '';
  if (word === '') return 'a';
  if (INITIALISM.test(word)) {
    return VOWEL_NAMED_LETTERS.has(word.charAt(0)) ? 'an' : 'a';
  }
  if (AN_BEFORE.test(word)) return 'an';
  if (A_BEFORE.test(word)) return 'a';
  return VOWELS.has(word.charAt(0).toLowerCase()) ? 'an' : 'a';
}

/** `phrase` after its indefinite article: "an information request", "a call request". */
export function withArticle(phrase: string): string {
  return `${indefiniteArticle(phrase)} ${phrase}`;
}
