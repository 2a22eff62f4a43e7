import { pairs, words, type GenderLexicon } from './types.ts';

/** Function words after which no noun follows `haar` (→ hem, not zijn). */
const NOT_NOUNS = words(`de het een en of maar in op aan voor met van bij uit als dat dit die deze er
  is was zijn waren heeft had hebben te om naar door over onder tot sinds ook niet nog al wel zeer erg`);

/**
 * Dutch: little is gendered. hij↔zij, hem↔haar, zijn↔haar (possessive: `haar` + a word → `zijn`,
 * else `hem`; `zijn` left alone where it is the verb: after a plural or modal subject, or with no
 * word after it), meneer↔mevrouw, and the few nouns with a feminine form. Articles do not change.
 */
export const NL: GenderLexicon = {
  lang: 'nl',
  pronouns: pairs('hij:zij, hem:haar, zijn:haar, meneer:mevrouw, heer:dame, dhr:mevr, dhr:mw'),
  titles: words('dhr mevr mw'),
  statements: pairs('man:vrouw, mannelijk:vrouwelijk'),
  statusLabels: /(?:geslacht)[ \t]*[:：]?[ \t]*$/iu,
  nouns: pairs(`
    verpleger:verpleegster, leraar:lerares, directeur:directrice, medewerker:medewerkster,
    zakenman:zakenvrouw, voorzitter:voorzitster, student:studente, kok:kokkin, verkoper:verkoopster,
    schrijver:schrijfster, kapper:kapster, boer:boerin, koning:koningin, held:heldin, vriend:vriendin`),
  determiners: [],
  adjectives: [],
  copulas: words(''),
  chain: words(''),
  ambiguous: [{ from: 'female', word: 'haar', beforeWord: 'zijn', otherwise: 'hem', notNouns: NOT_NOUNS }],
  guards: [
    { word: 'zijn', needsNext: true, notAfter: words('wij we jullie zij ze u te kunnen moeten willen zullen zouden zal zou mogen er dat die') },
    { word: 'zij', notBefore: words('zijn waren hebben hadden worden werden kunnen moeten willen zullen zouden') },
  ],
};
