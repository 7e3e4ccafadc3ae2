/**
 * Age words in the search text: a parent types "teen" or "young adults", not a line of a program's
 * description. Each such word (or "young adult" pair) is read as the age filter it names and taken
 * out of the text the descriptions are searched for, so "teen" finds every program that serves
 * adolescents, whatever its description says. The words stay in the search box; the chips above
 * the results say how they were read (./chips.ts).
 */
import type { AgeGroup } from '../vocabulary.ts';

/** One word of the search text read as an age group. */
export type AgeWord = {
  /** The word (or "young adult" pair) as typed, for the chip and for removing it. */
  word: string;
  ageGroup: AgeGroup;
};

const SINGLE_WORDS: Readonly<Record<string, AgeGroup>> = {
  kid: 'Children',
  kids: 'Children',
  child: 'Children',
  children: 'Children',
  teen: 'Adolescents',
  teens: 'Adolescents',
  teenage: 'Adolescents',
  teenager: 'Adolescents',
  teenagers: 'Adolescents',
  adolescent: 'Adolescents',
  adolescents: 'Adolescents',
  adult: 'Adults',
  adults: 'Adults',
};

/** A word without the punctuation around it and a possessive "'s", lowercased: "Teens," → "teens". */
function bare(token: string): string {
  return token
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .replace(/['’]s$/u, '');
}

/**
 * The age words of a search text and the text without them (inner whitespace collapsed).
 * "young adult(s)" (also "young-adult") is one word for Young Adults, so it never also reads as
 * Adults.
 *
 * @example readAgeWords('teen OCD') // → { text: 'OCD', words: [{ word: 'teen', ageGroup: 'Adolescents' }] }
 * @example readAgeWords('young adults') // → { text: '', words: [{ word: 'young adults', ageGroup: 'Young Adults' }] }
 * @example readAgeWords('Teenage Haven') // → { text: 'Haven', words: [{ word: 'Teenage', ageGroup: 'Adolescents' }] }
 */
export function readAgeWords(query: string): { text: string; words: AgeWord[] } {
  const tokens = query.trim().split(/\s+/u).filter(Boolean);
  const rest: string[] = [];
  const words: AgeWord[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const word = bare(token);
    const next = bare(tokens[i + 1] ?? '');
    if (word === 'young' && (next === 'adult' || next === 'adults')) {
      words.push({ word: `${token} ${tokens[i + 1] ?? ''}`, ageGroup: 'Young Adults' });
      i += 1;
      continue;
    }
    if (/^young-adults?$/u.test(word)) {
      words.push({ word: token, ageGroup: 'Young Adults' });
      continue;
    }
    const ageGroup = SINGLE_WORDS[word];
    if (ageGroup === undefined) rest.push(token);
    else words.push({ word: token, ageGroup });
  }
  return { text: rest.join(' '), words };
}

/**
 * The filters as the search applies them: the age words of the text join the chosen age groups
 * (any of them), and the text is searched for without them.
 *
 * @example applyAgeWords({ query: 'teen', ageGroups: ['Adults'] }) // → { query: '', ageGroups: ['Adults', 'Adolescents'] }
 */
export function applyAgeWords<F extends { query: string; ageGroups: readonly AgeGroup[] }>(filters: F): F {
  const { text, words } = readAgeWords(filters.query);
  if (words.length === 0) return filters;
  const ageGroups = [...filters.ageGroups];
  for (const { ageGroup } of words) if (!ageGroups.includes(ageGroup)) ageGroups.push(ageGroup);
  return { ...filters, query: text, ageGroups };
}

/**
 * The search text without one age word (the chip's ×): the other words stay as typed.
 *
 * @example withoutAgeWord('teen ocd kids', 'teen') // → 'ocd kids'
 */
export function withoutAgeWord(query: string, word: string): string {
  const tokens = query.trim().split(/\s+/u).filter(Boolean);
  const drop = word.split(/\s+/u);
  for (let i = 0; i + drop.length <= tokens.length; i++) {
    if (drop.every((part, j) => tokens[i + j] === part)) {
      tokens.splice(i, drop.length);
      break;
    }
  }
  return tokens.join(' ');
}

/**
 * The search text with only its age words (the text chip's ×: the text goes, the ages stay).
 *
 * @example onlyAgeWords('teen ocd') // → 'teen'
 */
export function onlyAgeWords(query: string): string {
  return readAgeWords(query)
    .words.map(({ word }) => word)
    .join(' ');
}
