/**
 * Grammar and sentence templates of the freelance-twins dataset, per language.
 *
 * Template syntax: `{male|female}` is a gender alternative; `{np}` is the
 * job title with its indefinite article and seniority adjective ("a senior
 * nurse", "une infirmière expérimentée"), `{NP}` the same capitalized,
 * `{title}` the title with its adjective and no article ("erfahrene
 * Krankenpflegerin"), `{Title}` capitalized; `{years}`, `{skills}`,
 * `{skill1}`, `{skill2}`, `{tasks}`, `{task}`, `{task2}`, `{weeks}`,
 * `{company}`, `{city}`, `{sen}`, `{place}` are plain slots.
 * A gender alternative always has the same number of words on both sides,
 * so the twin of a text has the same tokens at the same positions except the
 * gendered ones.
 */
import type { Lang, Occupation, Seniority } from './taxonomy.ts';
import { cap } from '../common.ts';

export type Gender = 'female' | 'male';

interface ToneSet {
  formal: readonly string[];
  casual: readonly string[];
}

export interface LangPack {
  and: string;
  /** Seniority adjectives [male, female]; German gives the stem (endings added). */
  seniority: Record<Seniority, readonly [string, string]>;
  /** Seniority words of short queries (grammatically masculine or neutral). */
  querySeniority: Record<Seniority, string>;
  headline: readonly string[];
  intro1: ToneSet;
  intro3: readonly string[];
  skills1: readonly string[];
  skills3: readonly string[];
  bullets1: string;
  bullets3: string;
  tasks1: readonly string[];
  tasks3: readonly string[];
  extra1: ToneSet;
  extra3: readonly string[];
  closing1: ToneSet;
  closing3: readonly string[];
  reviews: readonly string[];
  briefOpener: readonly string[];
  briefNeed: readonly string[];
  briefTask2: readonly string[];
  briefSkills: readonly string[];
  briefLogistics: readonly string[];
  companies: readonly string[];
  cities: readonly string[];
  queries: readonly string[];
  places: readonly string[];
}

export const PACKS: Record<Lang, LangPack> = {
  en: {
    and: 'and',
    seniority: { ENTRY: ['junior', 'junior'], INTERMEDIATE: ['mid-level', 'mid-level'], EXPERT: ['senior', 'senior'], 'EXPERT PLUS': ['lead', 'lead'] },
    querySeniority: { ENTRY: 'junior', INTERMEDIATE: 'mid-level', EXPERT: 'senior', 'EXPERT PLUS': 'lead' },
    headline: ['{Title} | {skill1} · {skill2}', '{Title} – {skill1}, {skill2}'],
    intro1: {
      formal: [
        'I am {np} with {years} years of experience.',
        '{NP} with {years} years of professional experience, I work with clients across Europe.',
        'As {np}, I have spent the last {years} years helping companies deliver their projects.',
      ],
      casual: [
        "Hi! I'm {np} and I've been doing this for {years} years.",
        "Hey there! I'm {np}, {years} years in the game and still loving it.",
      ],
    },
    intro3: [
      '{He|She} is {np} with {years} years of experience.',
      '{He|She} has worked as {np} for {years} years.',
      'With {years} years behind {him|her}, {he|she} is {np} trusted by repeat clients.',
    ],
    skills1: ['My main skills are {skills}.', 'I work mostly with {skills}.', 'Core strengths: {skills}.'],
    skills3: ['{His|Her} main skills are {skills}.', '{He|She} works mostly with {skills}.', '{His|Her} toolbox includes {skills}.'],
    bullets1: 'Skills:',
    bullets3: '{His|Her} skills:',
    tasks1: ['Recent projects include {tasks}.', 'I can help you with {tasks}.', 'Typical work: {tasks}.'],
    tasks3: ['Recent projects include {tasks}.', '{He|She} can help you with {tasks}.', 'Clients hire {him|her} for {tasks}.'],
    extra1: {
      formal: ['I value clear communication and reliable deadlines.', 'I document my work carefully and keep clients informed at every stage.'],
      casual: ['Fast replies, no drama :)', "I love tricky problems and I'm always up for a challenge."],
    },
    extra3: [
      'Clients describe {him|her} as reliable and easy to work with.',
      '{He|She} is known for clear communication and careful work.',
      '{He|She} prefers long-term collaborations and takes pride in {his|her} work.',
    ],
    closing1: {
      formal: ['Available for long-term engagements.', 'I am currently accepting new projects.'],
      casual: ["Drop me a message and let's talk!", 'Ping me, I usually answer within a day.'],
    },
    closing3: ['{He|She} is available for new projects from next month.', '{He|She} answers messages within one working day.'],
    reviews: [
      'Client review: "{He|She} delivered on time and was a pleasure to work with."',
      '"Great work, I would hire {him|her} again." (verified client)',
      'Feedback: "{His|Her} attention to detail saved our launch."',
    ],
    briefOpener: ['We are a {company} based in {city}.', 'Our team in {city} is growing and we need extra help.', "I'm planning a new project in {city} and need support."],
    briefNeed: ['We are looking for {np} for {task}.', 'Wanted: {title} for the following job: {task}.'],
    briefTask2: ['Later on, the work may also include {task2}.', 'A follow-up phase covers {task2}.'],
    briefSkills: ['Required skills: {skills}.', 'You should be comfortable with {skills}.'],
    briefLogistics: [
      'The assignment lasts about {weeks} weeks and can be done remotely.',
      'Expected duration: {weeks} weeks, partly on site.',
      'The budget is flexible for the right person; we would like to start within two weeks.',
    ],
    companies: ['small business', 'start-up', 'non-profit', 'family company', 'agency', 'consultancy'],
    cities: ['London', 'Manchester', 'Dublin', 'Edinburgh', 'Bristol', 'Leeds'],
    queries: ['{sen} {title} {skill1}', '{title} {skill1} {place}', '{sen} {title} {place}', '{title} with {skill1} experience'],
    places: ['remote', 'freelance', 'part-time', 'urgent'],
  },
  fr: {
    and: 'et',
    seniority: { ENTRY: ['débutant', 'débutante'], INTERMEDIATE: ['confirmé', 'confirmée'], EXPERT: ['expérimenté', 'expérimentée'], 'EXPERT PLUS': ['senior', 'senior'] },
    querySeniority: { ENTRY: 'débutant', INTERMEDIATE: 'confirmé', EXPERT: 'expérimenté', 'EXPERT PLUS': 'senior' },
    headline: ['{Title} | {skill1} · {skill2}', '{Title} – {skill1}, {skill2}'],
    intro1: {
      formal: [
        "Je suis {np} avec {years} ans d'expérience.",
        "{Title}, {fort|forte} de {years} ans d'expérience, j'accompagne des clients partout en Europe.",
        "En tant que {title}, j'aide depuis {years} ans des entreprises à mener leurs projets à bien.",
      ],
      casual: [
        'Bonjour ! Je suis {np} et je fais ce métier depuis {years} ans.',
        'Salut ! {Title} depuis {years} ans, toujours aussi {passionné|passionnée} par mon métier.',
      ],
    },
    intro3: [
      "{Il|Elle} est {title} et cumule {years} ans d'expérience.",
      '{Il|Elle} exerce comme {title} depuis {years} ans.',
      'Depuis {years} ans, {il|elle} travaille comme {title} auprès de clients fidèles.',
    ],
    skills1: ['Mes compétences principales : {skills}.', 'Je maîtrise notamment : {skills}.', 'Mes points forts : {skills}.'],
    skills3: ['Ses compétences principales : {skills}.', '{Il|Elle} maîtrise notamment : {skills}.', 'Points forts : {skills}.'],
    bullets1: 'Compétences :',
    bullets3: 'Ses compétences :',
    tasks1: ['Missions récentes : {tasks}.', 'Je peux vous aider pour : {tasks}.', 'Exemples de missions : {tasks}.'],
    tasks3: ['Missions récentes : {tasks}.', '{Il|Elle} intervient notamment pour : {tasks}.', 'Ses clients font appel à {lui|elle} pour : {tasks}.'],
    extra1: {
      formal: ["J'accorde une grande importance à la communication et au respect des délais.", 'Je documente mon travail et tiens mes clients informés à chaque étape.'],
      casual: ['Réponse rapide, bonne humeur garantie :)', "J'adore les problèmes compliqués, je suis toujours {partant|partante} pour un défi."],
    },
    extra3: [
      'Ses clients {le|la} décrivent comme une personne fiable et agréable.',
      '{Il|Elle} est {reconnu|reconnue} pour la clarté de sa communication et le soin de son travail.',
      '{Il|Elle} privilégie les collaborations sur le long terme.',
    ],
    closing1: {
      formal: ['Disponible pour des missions de longue durée.', "J'accepte actuellement de nouveaux projets."],
      casual: ['Écrivez-moi, on en discute !', 'Un message et je vous réponds dans la journée.'],
    },
    closing3: ['{Il|Elle} sera {disponible|disponible} pour de nouvelles missions dès le mois prochain.', '{Il|Elle} répond aux messages sous un jour ouvré.'],
    reviews: [
      'Avis client : « {Il|Elle} a respecté les délais, un plaisir de travailler avec {lui|elle}. »',
      '« Excellent travail, je {le|la} recommande sans hésiter. » (client vérifié)',
      'Retour client : « {Il|Elle} est {attentif|attentive} aux détails, cela a sauvé notre lancement. »',
    ],
    briefOpener: ['Nous sommes une {company} basée à {city}.', 'Notre équipe de {city} grandit et nous cherchons du renfort.', 'Je prépare un nouveau projet à {city} et j’ai besoin de soutien.'],
    briefNeed: ['Nous recherchons {np} (H/F). Mission : {task}.', 'Profil recherché : {title} (H/F), pour la mission suivante : {task}.'],
    briefTask2: ['Dans un second temps : {task2}.', 'Une suite est prévue : {task2}.'],
    briefSkills: ['Compétences requises : {skills}.', 'Vous maîtrisez : {skills}.'],
    briefLogistics: [
      "Mission d'environ {weeks} semaines, en télétravail.",
      'Durée prévue : {weeks} semaines, en partie sur site.',
      'Budget souple pour le bon profil ; démarrage sous deux semaines.',
    ],
    companies: ['petite entreprise', 'start-up', 'association', 'entreprise familiale', 'agence', 'PME'],
    cities: ['Paris', 'Lyon', 'Bordeaux', 'Nantes', 'Lille', 'Toulouse'],
    queries: ['{title} {sen} {skill1}', '{title} {skill1} {place}', '{title} {sen} {place}', '{title} {skill1}'],
    places: ['télétravail', 'freelance', 'temps partiel', 'urgent'],
  },
  es: {
    and: 'y',
    seniority: { ENTRY: ['junior', 'junior'], INTERMEDIATE: ['cualificado', 'cualificada'], EXPERT: ['experimentado', 'experimentada'], 'EXPERT PLUS': ['senior', 'senior'] },
    querySeniority: { ENTRY: 'junior', INTERMEDIATE: 'cualificado', EXPERT: 'experimentado', 'EXPERT PLUS': 'senior' },
    headline: ['{Title} | {skill1} · {skill2}', '{Title} – {skill1}, {skill2}'],
    intro1: {
      formal: [
        'Soy {np} con {years} años de experiencia.',
        '{Title} con {years} años de experiencia, trabajo con clientes de toda Europa.',
        'Como {title}, llevo {years} años ayudando a empresas a sacar adelante sus proyectos.',
      ],
      casual: [
        '¡Hola! Soy {np} y llevo {years} años en esto.',
        '¡Buenas! {Title} desde hace {years} años y todavía {encantado|encantada} con mi trabajo.',
      ],
    },
    intro3: [
      'Es {np} con {years} años de experiencia.',
      'Lleva {years} años trabajando como {title}.',
      'Con {years} años de trayectoria, es {np} de confianza para sus clientes.',
    ],
    skills1: ['Mis principales competencias: {skills}.', 'Trabajo sobre todo con: {skills}.', 'Puntos fuertes: {skills}.'],
    skills3: ['Sus principales competencias: {skills}.', 'Domina especialmente: {skills}.', 'Puntos fuertes: {skills}.'],
    bullets1: 'Competencias:',
    bullets3: 'Sus competencias:',
    tasks1: ['Proyectos recientes: {tasks}.', 'Puedo ayudarte con: {tasks}.', 'Ejemplos de trabajos: {tasks}.'],
    tasks3: ['Proyectos recientes: {tasks}.', 'Sus clientes {lo|la} contratan para: {tasks}.', 'Ha trabajado en: {tasks}.'],
    extra1: {
      formal: ['Doy mucha importancia a la comunicación y al cumplimiento de los plazos.', 'Documento mi trabajo e informo a mis clientes en cada etapa.'],
      casual: ['Respondo rápido y sin dramas :)', 'Me encantan los retos, siempre estoy {dispuesto|dispuesta} a aprender algo nuevo.'],
    },
    extra3: [
      'Sus clientes {lo|la} describen como una persona fiable y cercana.',
      'Es {conocido|conocida} por su comunicación clara y su trabajo cuidadoso.',
      'Prefiere las colaboraciones a largo plazo.',
    ],
    closing1: {
      formal: ['Disponible para proyectos de larga duración.', 'Actualmente acepto nuevos proyectos.'],
      casual: ['¡Escríbeme y lo hablamos!', 'Mándame un mensaje, suelo contestar en el día.'],
    },
    closing3: ['Acepta nuevos proyectos a partir del mes que viene.', 'Responde a los mensajes en un día laborable.'],
    reviews: [
      'Opinión de un cliente: «Cumplió los plazos y fue un placer trabajar con {él|ella}».',
      '«Excelente trabajo, {lo|la} volvería a contratar». (cliente verificado)',
      'Valoración: «Muy {atento|atenta} a los detalles, salvó nuestro lanzamiento».',
    ],
    briefOpener: ['Somos una {company} con sede en {city}.', 'Nuestro equipo de {city} está creciendo y necesitamos refuerzos.', 'Estoy preparando un nuevo proyecto en {city} y necesito apoyo.'],
    briefNeed: ['Buscamos {np} para: {task}.', 'Perfil buscado: {title}, para el siguiente proyecto: {task}.'],
    briefTask2: ['Más adelante: {task2}.', 'Está prevista una segunda fase: {task2}.'],
    briefSkills: ['Competencias necesarias: {skills}.', 'Se valora dominar: {skills}.'],
    briefLogistics: [
      'Proyecto de unas {weeks} semanas, en remoto.',
      'Duración prevista: {weeks} semanas, en parte presencial.',
      'Presupuesto flexible para el perfil adecuado; incorporación en dos semanas.',
    ],
    companies: ['pequeña empresa', 'startup', 'ONG', 'empresa familiar', 'agencia', 'consultora'],
    cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Bilbao', 'Málaga'],
    queries: ['{title} {sen} {skill1}', '{title} {skill1} {place}', '{title} {sen} {place}', '{title} con {skill1}'],
    places: ['remoto', 'freelance', 'media jornada', 'urgente'],
  },
  de: {
    and: 'und',
    seniority: { ENTRY: ['angehend', 'angehend'], INTERMEDIATE: ['erfahren', 'erfahren'], EXPERT: ['hochqualifiziert', 'hochqualifiziert'], 'EXPERT PLUS': ['leitend', 'leitend'] },
    querySeniority: { ENTRY: 'angehender', INTERMEDIATE: 'erfahrener', EXPERT: 'hochqualifizierter', 'EXPERT PLUS': 'leitender' },
    headline: ['{Title} | {skill1} · {skill2}', '{Title} – {skill1}, {skill2}'],
    intro1: {
      formal: [
        'Ich bin {np} mit {years} Jahren Berufserfahrung.',
        'Als {title} unterstütze ich seit {years} Jahren Unternehmen bei ihren Projekten.',
        '{Title} mit {years} Jahren Praxis, tätig für Kunden in ganz Europa.',
      ],
      casual: [
        'Hallo! Ich bin {np} und mache das seit {years} Jahren.',
        'Hi! {Title} seit {years} Jahren und immer noch mit Leidenschaft dabei.',
      ],
    },
    intro3: [
      '{Er|Sie} ist {np} mit {years} Jahren Berufserfahrung.',
      'Seit {years} Jahren arbeitet {er|sie} als {title}.',
      '{Er|Sie} ist {np} und betreut seit {years} Jahren Stammkunden.',
    ],
    skills1: ['Meine Schwerpunkte: {skills}.', 'Ich arbeite vor allem mit: {skills}.', 'Stärken: {skills}.'],
    skills3: ['{Seine|Ihre} Schwerpunkte: {skills}.', '{Er|Sie} arbeitet vor allem mit: {skills}.', 'Stärken: {skills}.'],
    bullets1: 'Kenntnisse:',
    bullets3: '{Seine|Ihre} Kenntnisse:',
    tasks1: ['Letzte Projekte: {tasks}.', 'Ich unterstütze Sie gern bei: {tasks}.', 'Typische Aufträge: {tasks}.'],
    tasks3: ['Letzte Projekte: {tasks}.', 'Kunden buchen {ihn|sie} für: {tasks}.', 'Typische Aufträge: {tasks}.'],
    extra1: {
      formal: ['Klare Kommunikation und verlässliche Termine sind mir wichtig.', 'Ich dokumentiere meine Arbeit sorgfältig und halte Kunden stets auf dem Laufenden.'],
      casual: ['Schnelle Antworten, kein Drama :)', 'Knifflige Aufgaben reizen mich, ich bin immer für eine Herausforderung zu haben.'],
    },
    extra3: [
      'Kunden beschreiben {ihn|sie} als zuverlässig und unkompliziert.',
      '{Er|Sie} ist für klare Kommunikation und sorgfältige Arbeit bekannt.',
      '{Er|Sie} setzt auf langfristige Zusammenarbeit.',
    ],
    closing1: {
      formal: ['Verfügbar für längerfristige Einsätze.', 'Ich nehme derzeit neue Projekte an.'],
      casual: ['Schreib mir einfach, dann sprechen wir!', 'Kurze Nachricht genügt, ich antworte meist am selben Tag.'],
    },
    closing3: ['{Er|Sie} ist ab nächstem Monat für neue Projekte verfügbar.', '{Er|Sie} beantwortet Nachrichten innerhalb eines Werktags.'],
    reviews: [
      'Kundenbewertung: „{Er|Sie} hat pünktlich geliefert, die Zusammenarbeit mit {ihm|ihr} war super.“',
      '„Tolle Arbeit, ich würde {ihn|sie} jederzeit wieder beauftragen.“ (verifizierter Kunde)',
      'Feedback: „{Sein|Ihr} Blick fürs Detail hat unseren Launch gerettet.“',
    ],
    briefOpener: ['Wir sind {company} aus {city}.', 'Unser Team in {city} wächst und braucht Verstärkung.', 'Für ein neues Vorhaben in {city} suchen wir Unterstützung.'],
    briefNeed: ['Gesucht wird {np} (m/w/d) für folgendes Projekt: {task}.', 'Wir suchen Verstärkung: {title} (m/w/d). Aufgabe: {task}.'],
    briefTask2: ['Später kommt hinzu: {task2}.', 'Eine zweite Phase ist geplant: {task2}.'],
    briefSkills: ['Erforderliche Kenntnisse: {skills}.', 'Sie bringen mit: {skills}.'],
    briefLogistics: [
      'Der Auftrag dauert etwa {weeks} Wochen und ist remote möglich.',
      'Geplante Dauer: {weeks} Wochen, teilweise vor Ort.',
      'Budget flexibel für das passende Profil; Start innerhalb von zwei Wochen.',
    ],
    companies: ['ein kleines Unternehmen', 'ein Start-up', 'ein gemeinnütziger Verein', 'ein Familienunternehmen', 'eine Agentur', 'eine Beratungsfirma'],
    cities: ['Berlin', 'Hamburg', 'München', 'Köln', 'Leipzig', 'Wien'],
    queries: ['{sen} {title} {skill1}', '{title} {skill1} {place}', '{sen} {title} {place}', '{title} mit {skill1}'],
    places: ['remote', 'freiberuflich', 'Teilzeit', 'dringend'],
  },
  nl: {
    and: 'en',
    seniority: { ENTRY: ['beginnende', 'beginnende'], INTERMEDIATE: ['ervaren', 'ervaren'], EXPERT: ['senior', 'senior'], 'EXPERT PLUS': ['zeer ervaren', 'zeer ervaren'] },
    querySeniority: { ENTRY: 'beginnende', INTERMEDIATE: 'ervaren', EXPERT: 'senior', 'EXPERT PLUS': 'zeer ervaren' },
    headline: ['{Title} | {skill1} · {skill2}', '{Title} – {skill1}, {skill2}'],
    intro1: {
      formal: [
        'Ik ben {np} met {years} jaar ervaring.',
        'Als {title} help ik al {years} jaar bedrijven hun projecten te realiseren.',
        '{Title} met {years} jaar ervaring, actief voor klanten in heel Europa.',
      ],
      casual: [
        'Hoi! Ik ben {np} en doe dit werk al {years} jaar.',
        'Hallo! Al {years} jaar {title} en nog steeds met veel plezier aan de slag.',
      ],
    },
    intro3: [
      '{Hij|Zij} is {np} met {years} jaar ervaring.',
      '{Hij|Zij} werkt al {years} jaar als {title}.',
      'Met {years} jaar ervaring is {hij|zij} {np} bij wie klanten graag terugkomen.',
    ],
    skills1: ['Mijn belangrijkste vaardigheden: {skills}.', 'Ik werk vooral met: {skills}.', 'Sterke punten: {skills}.'],
    skills3: ['{Zijn|Haar} belangrijkste vaardigheden: {skills}.', '{Hij|Zij} werkt vooral met: {skills}.', 'Sterke punten: {skills}.'],
    bullets1: 'Vaardigheden:',
    bullets3: '{Zijn|Haar} vaardigheden:',
    tasks1: ['Recente projecten: {tasks}.', 'Ik help je graag met: {tasks}.', 'Typische opdrachten: {tasks}.'],
    tasks3: ['Recente projecten: {tasks}.', 'Klanten schakelen {hem|haar} in voor: {tasks}.', 'Typische opdrachten: {tasks}.'],
    extra1: {
      formal: ['Heldere communicatie en betrouwbare deadlines vind ik belangrijk.', 'Ik documenteer mijn werk zorgvuldig en houd klanten in elke fase op de hoogte.'],
      casual: ['Snelle reacties, geen gedoe :)', 'Ik hou van lastige puzzels en ga graag een uitdaging aan.'],
    },
    extra3: [
      'Klanten omschrijven {hem|haar} als betrouwbaar en prettig in de samenwerking.',
      '{Hij|Zij} staat bekend om heldere communicatie en zorgvuldig werk.',
      '{Hij|Zij} kiest bij voorkeur voor langdurige samenwerkingen.',
    ],
    closing1: {
      formal: ['Beschikbaar voor langlopende opdrachten.', 'Ik neem momenteel nieuwe projecten aan.'],
      casual: ['Stuur me een berichtje, dan bespreken we het!', 'Even pingen, ik reageer meestal binnen een dag.'],
    },
    closing3: ['{Hij|Zij} is vanaf volgende maand beschikbaar voor nieuwe projecten.', '{Hij|Zij} reageert binnen één werkdag op berichten.'],
    reviews: [
      'Klantbeoordeling: ‘{Hij|Zij} leverde op tijd en het was fijn om met {hem|haar} te werken.’',
      '‘Top werk, ik zou {hem|haar} zo weer inhuren.’ (geverifieerde klant)',
      'Feedback: ‘{Zijn|Haar} oog voor detail heeft onze lancering gered.’',
    ],
    briefOpener: ['Wij zijn een {company} uit {city}.', 'Ons team in {city} groeit en we zoeken versterking.', 'Voor een nieuw project in {city} zoeken we hulp.'],
    briefNeed: ['Wij zoeken {np} (m/v/x) voor: {task}.', 'Gezocht: {title} (m/v/x), voor de volgende opdracht: {task}.'],
    briefTask2: ['Later volgt nog: {task2}.', 'Er is een tweede fase gepland: {task2}.'],
    briefSkills: ['Vereiste vaardigheden: {skills}.', 'Je beheerst: {skills}.'],
    briefLogistics: [
      'De opdracht duurt ongeveer {weeks} weken en kan op afstand.',
      'Verwachte duur: {weeks} weken, deels op locatie.',
      'Flexibel budget voor de juiste persoon; start binnen twee weken.',
    ],
    companies: ['klein bedrijf', 'start-up', 'stichting', 'familiebedrijf', 'ontwerpbureau', 'adviesbureau'],
    cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Gent', 'Eindhoven', 'Antwerpen'],
    queries: ['{sen} {title} {skill1}', '{title} {skill1} {place}', '{sen} {title} {place}', '{title} met {skill1}'],
    places: ['op afstand', 'freelance', 'parttime', 'spoed'],
  },
};

const GI: Record<Gender, 0 | 1> = { male: 0, female: 1 };

/** The job title of an occupation in one language and gender, with the "~" marker if any. */
export function rawTitle(occ: Occupation, lang: Lang, g: Gender): string {
  const forms = occ.title[lang].split('|');
  return forms.length === 1 ? forms[0] : forms[GI[g]];
}

/** The title without any adjective (queries): the "~" marker removed. */
export function bareTitle(occ: Occupation, lang: Lang, g: Gender): string {
  return rawTitle(occ, lang, g).replace('~', '');
}

/** The seniority adjective inflected for gender (German: strong nominative endings). */
export function seniorityAdj(lang: Lang, sen: Seniority, g: Gender): string {
  const a = PACKS[lang].seniority[sen][GI[g]];
  if (lang === 'de') return a + (g === 'male' ? 'er' : 'e');
  return a;
}

/** Title with its seniority adjective and no article: "senior nurse", "infirmière expérimentée". */
export function titleWithAdj(occ: Occupation, lang: Lang, sen: Seniority, g: Gender): string {
  const t = rawTitle(occ, lang, g);
  const adj = seniorityAdj(lang, sen, g);
  if (lang === 'fr' || lang === 'es') {
    return t.includes('~') ? t.replace('~', ` ${adj}`) : `${t} ${adj}`;
  }
  return `${adj} ${t}`;
}

/** Indefinite article for the language and gender (English: a/an from the next word). */
export function article(lang: Lang, g: Gender, next: string): string {
  switch (lang) {
    case 'en':
      return /^[aeio]/i.test(next) ? 'an' : 'a';
    case 'fr':
      return g === 'male' ? 'un' : 'une';
    case 'es':
      return g === 'male' ? 'un' : 'una';
    case 'de':
      return g === 'male' ? 'ein' : 'eine';
    case 'nl':
      return 'een';
  }
}

/** Title with article and adjective: "a senior nurse", "eine erfahrene Krankenpflegerin". */
export function nounPhrase(occ: Occupation, lang: Lang, sen: Seniority, g: Gender): string {
  const t = titleWithAdj(occ, lang, sen, g);
  return `${article(lang, g, t)} ${t}`;
}

/** Fills `{slot}` placeholders from `slots`, then resolves `{male|female}` alternatives. */
export function fill(template: string, slots: Record<string, string>, g: Gender): string {
  const withSlots = template.replace(/\{([A-Za-z0-9]+)\}/g, (m, key: string) => {
    const v = slots[key];
    if (v === undefined) throw new Error(`template slot {${key}} has no value in "${template}"`);
    return v;
  });
  return withSlots.replace(/\{([^{}|]*)\|([^{}|]*)\}/g, (_m, a: string, b: string) => (g === 'male' ? a : b));
}

/** Gender-dependent slots of a profile or brief. */
export function genderSlots(occ: Occupation, lang: Lang, sen: Seniority, g: Gender): Record<string, string> {
  const title = titleWithAdj(occ, lang, sen, g);
  const np = nounPhrase(occ, lang, sen, g);
  return { title, Title: cap(title), np, NP: cap(np) };
}

/** All template strings of a language that hold gender alternatives. */
export function allTemplates(lang: Lang): string[] {
  const p = PACKS[lang];
  return [
    ...p.headline, ...p.intro1.formal, ...p.intro1.casual, ...p.intro3, ...p.skills1, ...p.skills3,
    p.bullets1, p.bullets3, ...p.tasks1, ...p.tasks3, ...p.extra1.formal, ...p.extra1.casual, ...p.extra3,
    ...p.closing1.formal, ...p.closing1.casual, ...p.closing3, ...p.reviews,
  ];
}
