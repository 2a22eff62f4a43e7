import { pairs, words, type GenderLexicon } from './types.ts';

/**
 * German: gendered nouns (also matched as the end of a compound: `Softwareentwickler`,
 * `Projektleiterin`), titles, and the articles and adjective endings that decline with them
 * (germanAgreement.ts, not listed here). Third-person pronouns and possessives are not changed:
 * `sie`/`Sie`/`ihr` are also "they", formal "you" and "their", which a word list cannot tell apart.
 */
export const DE: GenderLexicon = {
  lang: 'de',
  pronouns: pairs('herr:frau'),
  titles: words('herr frau'),
  statements: pairs('männlich:weiblich'),
  statusLabels: /(?:geschlecht)[ \t]*[:：]?[ \t]*$/iu,
  nouns: pairs(`
    entwickler:entwicklerin, programmierer:programmiererin, ingenieur:ingenieurin, berater:beraterin,
    manager:managerin, leiter:leiterin, direktor:direktorin, designer:designerin, gestalter:gestalterin,
    analyst:analystin, lehrer:lehrerin, dozent:dozentin, pfleger:pflegerin, krankenpfleger:krankenpflegerin,
    krankenpfleger:krankenschwester, arzt:ärztin, zahnarzt:zahnärztin, tierarzt:tierärztin,
    anwalt:anwältin, rechtsanwalt:rechtsanwältin, jurist:juristin, architekt:architektin,
    übersetzer:übersetzerin, dolmetscher:dolmetscherin, forscher:forscherin, wissenschaftler:wissenschaftlerin,
    student:studentin, schüler:schülerin, praktikant:praktikantin,
    experte:expertin, spezialist:spezialistin, freelancer:freelancerin, freiberufler:freiberuflerin,
    mitarbeiter:mitarbeiterin, referent:referentin, sachbearbeiter:sachbearbeiterin,
    kaufmann:kauffrau, verkäufer:verkäuferin, einkäufer:einkäuferin, vertreter:vertreterin,
    techniker:technikerin, informatiker:informatikerin, mechaniker:mechanikerin, elektriker:elektrikerin,
    mechatroniker:mechatronikerin, koch:köchin, bäcker:bäckerin, kellner:kellnerin, fahrer:fahrerin,
    buchhalter:buchhalterin, controller:controllerin, prüfer:prüferin, wirtschaftsprüfer:wirtschaftsprüferin,
    steuerberater:steuerberaterin, redakteur:redakteurin, journalist:journalistin, autor:autorin,
    fotograf:fotografin, grafiker:grafikerin, texter:texterin, trainer:trainerin,
    erzieher:erzieherin, sozialarbeiter:sozialarbeiterin, psychologe:psychologin, therapeut:therapeutin,
    physiotherapeut:physiotherapeutin, apotheker:apothekerin, chemiker:chemikerin, physiker:physikerin,
    mathematiker:mathematikerin, biologe:biologin, geologe:geologin, ökonom:ökonomin, volkswirt:volkswirtin,
    betriebswirt:betriebswirtin, gründer:gründerin, mitgründer:mitgründerin, unternehmer:unternehmerin,
    inhaber:inhaberin, geschäftsführer:geschäftsführerin,
    assistent:assistentin, sekretär:sekretärin, koordinator:koordinatorin, administrator:administratorin,
    operator:operatorin, planer:planerin, bauleiter:bauleiterin,
    projektmanager:projektmanagerin, produktmanager:produktmanagerin, teamleiter:teamleiterin,
    kollege:kollegin, absolvent:absolventin, doktorand:doktorandin, bewerber:bewerberin,
    kandidat:kandidatin, beamter:beamtin, ausbilder:ausbilderin, mentor:mentorin, tutor:tutorin,
    professor:professorin, lektor:lektorin, bibliothekar:bibliothekarin, makler:maklerin`),
  determiners: [],
  adjectives: [],
  copulas: words(''),
  chain: words(''),
  compounds: true,
};
