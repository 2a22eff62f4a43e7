/**
 * The reviewed lexicon of explicit personal statements a neutral base removes (the screening
 * protocol's Appendix A: "explicit gender, age and citizenship statements removed"), in the five
 * languages of the gender lexicons. Each entry is a field label as CVs write it (`Date of birth:`,
 * `Nationalité :`, `Estado civil:`, `Familienstand:`, `Geboortedatum:`) or a statement that stands
 * alone in a line or a `|`-separated segment (`Married`, `34 years old`, `US citizen`).
 * Labels are matched case-insensitively at the start of a line or segment, followed by `:`, `-`,
 * `–` or white space and a value. Contact labels (phone, address, links) are here too: their value
 * goes with the label.
 */
import type { EditReason } from '../edit.ts';

/** A label (or a statement's words) per reason, all five languages together (no label is two things). */
export const STATEMENT_LABELS: Readonly<Partial<Record<EditReason, readonly string[]>>> = Object.freeze({
  gender: [
    'gender', 'sex', // en
    'sexe', 'genre', // fr
    'sexo', 'género', 'genero', // es
    'geschlecht', // de
    'geslacht', // nl
  ],
  age: ['age', 'âge', 'edad', 'alter', 'leeftijd'],
  birth: [
    'date of birth', 'birth date', 'birthdate', 'date of birth and place', 'd.o.b.', 'dob', 'born', 'place of birth', 'birthplace',
    'date de naissance', 'né le', 'née le', 'né(e) le', 'né', 'née', 'lieu de naissance',
    'fecha de nacimiento', 'fecha nacimiento', 'lugar de nacimiento', 'nacido el', 'nacida el', 'nacido', 'nacida',
    'geburtsdatum', 'geboren am', 'geburtsort', 'geboren', 'geb.',
    'geboortedatum', 'geboren op', 'geboorteplaats',
  ],
  'marital-status': [
    'marital status', 'civil status', 'family status', 'relationship status',
    'situation familiale', 'état civil', 'etat civil', 'situation matrimoniale',
    'estado civil',
    'familienstand',
    'burgerlijke staat', 'burgerlijke stand', 'burgerlijke status',
  ],
  nationality: [
    'nationality', 'citizenship', 'citizen of', 'nationalities',
    'nationalité', 'citoyenneté', 'nationalite',
    'nacionalidad', 'ciudadanía', 'ciudadania',
    'nationalität', 'staatsangehörigkeit', 'staatsbürgerschaft', 'nationalitaet',
    'nationaliteit', 'staatsburgerschap',
  ],
  phone: [
    'phone', 'telephone', 'tel', 'tel.', 'mobile', 'mobile phone', 'cell', 'cell phone', 'mob', 'mob.', 'ph', 'ph.',
    'téléphone', 'tél', 'tél.', 'portable', 'mobile',
    'teléfono', 'telefono', 'móvil', 'movil', 'celular',
    'telefon', 'handy', 'mobil', 'mobiltelefon',
    'telefoon', 'mobiel', 'gsm',
  ],
  address: [
    'address', 'home address', 'street address', 'mailing address',
    'adresse', 'adresse postale', 'domicile',
    'dirección', 'direccion', 'domicilio',
    'anschrift', 'wohnort', 'adresse',
    'adres', 'woonadres', 'woonplaats',
  ],
  'profile-link': ['linkedin', 'github', 'gitlab', 'twitter', 'website', 'web', 'portfolio', 'homepage', 'site web', 'sitio web', 'xing', 'skype'],
  email: ['email', 'e-mail', 'mail', 'courriel', 'correo', 'correo electrónico', 'e-mailadres'],
  contact: [
    'contact', 'contacts', 'contact details', 'contact information', 'contact info',
    'coordonnées', 'contacto', 'datos de contacto', 'kontakt', 'kontaktdaten', 'contactgegevens',
  ],
});

/** Statements that stand alone in a line or segment, by reason: whole-segment patterns (the `u` and `i` flags). */
export const STANDALONE_STATEMENTS: Readonly<Partial<Record<EditReason, readonly RegExp[]>>> = Object.freeze({
  'marital-status': [
    /^(?:married|single|divorced|widowed|separated|engaged)(?:\b.*)?$/iu,
    /^(?:marié|mariée|marié\(e\)|célibataire|divorcé|divorcée|pacsé|pacsée|veuf|veuve)(?:\b.*)?$/iu,
    /^(?:casado|casada|soltero|soltera|divorciado|divorciada|viudo|viuda)(?:\b.*)?$/iu,
    /^(?:verheiratet|ledig|geschieden|verwitwet)(?:\b.*)?$/iu,
    /^(?:gehuwd|getrouwd|ongehuwd|alleenstaand|gescheiden|samenwonend)(?:\b.*)?$/iu,
  ],
  age: [
    /^(?:aged\s+)?\d{2}\s+(?:years?\s+old|yrs?\.?\s+old|y\.?o\.?)$/iu,
    /^\d{2}\s+ans$/iu,
    /^\d{2}\s+años$/iu,
    /^\d{2}\s+jahre(?:\s+alt)?$/iu,
    /^\d{2}\s+jaar(?:\s+oud)?$/iu,
  ],
  nationality: [
    /^(?:[\p{L}.]+\s+){0,3}(?:citizen|citizenship|national)$/iu,
    /^(?:citoyen|citoyenne|ressortissant|ressortissante)\b.{0,40}$/iu,
    /^(?:ciudadano|ciudadana)\b.{0,40}$/iu,
    /^(?:staatsbürger|staatsbürgerin)\b.{0,40}$/iu,
    /^(?:staatsburger)\b.{0,40}$/iu,
  ],
  gender: [/^(?:male|female|man|woman|homme|femme|hombre|mujer|mann|frau|vrouw)$/iu],
});
