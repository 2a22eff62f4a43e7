import { pairs, words, type GenderLexicon } from './types.ts';

/** Function words after which `her` is an object pronoun (→ him), not a possessive (→ his). */
const NOT_NOUNS = words(`the a an to and or but nor in on at for with of by from as that this these those it its
  him her them me us you we they is was were be been being are am has had have do did does if when while so than then
  into onto upon about after before during over under up down out off through across around back again too very also
  not no how what why who whom where which all some any every each just well directly personally first last once
  today yesterday tomorrow now here there since until because although though whether`);

/**
 * English: pronouns, titles and gendered nouns (no grammatical agreement). `her` → `his` before a
 * word that is not a function word, else `him`; `his` → `her` before a word, else `hers`.
 */
export const EN: GenderLexicon = {
  lang: 'en',
  pronouns: pairs(`he:she, him:her, his:her, himself:herself, his:hers, mr:ms, mr:mrs, mr:miss, sir:madam`),
  titles: words('mr ms mrs miss sir madam'),
  statements: pairs('male:female, man:woman'),
  statusLabels: /(?:gender|sex)[ \t]*[:：]?[ \t]*$/iu,
  nouns: pairs(`
    chairman:chairwoman, chairmen:chairwomen, salesman:saleswoman, salesmen:saleswomen,
    spokesman:spokeswoman, spokesmen:spokeswomen, businessman:businesswoman, businessmen:businesswomen,
    foreman:forewoman, foremen:forewomen, congressman:congresswoman, councilman:councilwoman,
    craftsman:craftswoman, craftsmen:craftswomen, sportsman:sportswoman, policeman:policewoman,
    fireman:firewoman, cameraman:camerawoman, anchorman:anchorwoman, repairman:repairwoman,
    tradesman:tradeswoman, frontman:frontwoman, committeeman:committeewoman, alderman:alderwoman,
    waiter:waitress, waiters:waitresses,
    headmaster:headmistress, postmaster:postmistress,
    schoolmaster:schoolmistress, barman:barmaid, manservant:maidservant, alumnus:alumna, alumni:alumnae,
    masseur:masseuse, comedian:comedienne,
    husband:wife, father:mother, son:daughter, brother:sister, boyfriend:girlfriend, gentleman:lady,
    gentlemen:ladies, nephew:niece, uncle:aunt, grandfather:grandmother, stepfather:stepmother, widower:widow`),
  determiners: [],
  adjectives: [],
  copulas: words(''),
  chain: words(''),
  ambiguous: [
    { from: 'female', word: 'her', beforeWord: 'his', otherwise: 'him', notNouns: NOT_NOUNS },
    { from: 'male', word: 'his', beforeWord: 'her', otherwise: 'hers', notNouns: NOT_NOUNS },
  ],
};
