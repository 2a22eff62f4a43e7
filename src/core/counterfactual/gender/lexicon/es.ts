import { pairs, words, type GenderLexicon } from './types.ts';

/**
 * Spanish: gendered occupational nouns (epicene ones listed once: their article still agrees),
 * the articles el/la, un/una, del/al that agree with them, -o/-a and -or/-ora self-describing
 * adjectives and participles (listed, not a suffix rule), and él/ella. Possessives (su) are
 * not gendered.
 */
export const ES: GenderLexicon = {
  lang: 'es',
  pronouns: pairs('él:ella'),
  nouns: pairs(`
    desarrollador:desarrolladora, programador:programadora, ingeniero:ingeniera, consultor:consultora,
    director:directora, subdirector:subdirectora, diseñador:diseñadora, profesor:profesora,
    maestro:maestra, enfermero:enfermera, abogado:abogada, médico:médica, arquitecto:arquitecta,
    traductor:traductora, investigador:investigadora, técnico:técnica, asesor:asesora,
    administrador:administradora, auditor:auditora, coordinador:coordinadora, redactor:redactora,
    vendedor:vendedora, comprador:compradora, formador:formadora, educador:educadora, tutor:tutora,
    licenciado:licenciada, graduado:graduada, titulado:titulada, diplomado:diplomada, doctorado:doctorada,
    empleado:empleada, trabajador:trabajadora, colaborador:colaboradora, operador:operadora,
    operario:operaria, encargado:encargada, jefe:jefa, supervisor:supervisora, inspector:inspectora,
    contador:contadora, cocinero:cocinera, camarero:camarera, mesero:mesera, cajero:cajera,
    panadero:panadera, mecánico:mecánica, electricista, fontanero:fontanera, conductor:conductora,
    farmacéutico:farmacéutica, químico:química, físico:física, matemático:matemática,
    informático:informática, biólogo:bióloga, psicólogo:psicóloga, pedagogo:pedagoga, geólogo:geóloga,
    fundador:fundadora, cofundador:cofundadora, emprendedor:emprendedora, socio:socia,
    presidente:presidenta, vicepresidente:vicepresidenta, gerente, analista, especialista, estudiante,
    periodista, economista, contable, responsable, docente, agente, representante, asistente,
    dentista, oftalmólogo:oftalmóloga, veterinario:veterinaria, piloto, freelance, autónomo:autónoma,
    becario:becaria, practicante, pasante, voluntario:voluntaria, candidato:candidata,
    experto:experta, científico:científica, autor:autora, escritor:escritora, lector:lectora,
    editor:editora, productor:productora, creador:creadora, ilustrador:ilustradora, fotógrafo:fotógrafa,
    secretario:secretaria, bibliotecario:bibliotecaria, notario:notaria, juez:jueza, funcionario:funcionaria,
    miembro, líder, mentor:mentora`),
  determiners: pairs('el:la, un:una, del:de la, al:a la, este:esta, ese:esa, aquel:aquella, ningún:ninguna, algún:alguna'),
  adjectives: pairs(`
    experimentado:experimentada, especializado:especializada, motivado:motivada, apasionado:apasionada,
    titulado:titulada, licenciado:licenciada, graduado:graduada, cualificado:cualificada,
    calificado:calificada, certificado:certificada, organizado:organizada, comprometido:comprometida,
    dedicado:dedicada, orientado:orientada, acostumbrado:acostumbrada, interesado:interesada,
    capacitado:capacitada, formado:formada, preparado:preparada, proactivo:proactiva,
    creativo:creativa, dinámico:dinámica, meticuloso:meticulosa, riguroso:rigurosa,
    minucioso:minuciosa, resolutivo:resolutiva, metódico:metódica, analítico:analítica,
    trabajador:trabajadora, emprendedor:emprendedora, innovador:innovadora, ordenado:ordenada,
    responsable, puntual, flexible, eficiente, autodidacta, bilingüe, trilingüe, senior, junior,
    enfocado:enfocada, centrado:centrada, involucrado:involucrada, implicado:implicada,
    entusiasta, curioso:curiosa, detallista, cuidadoso:cuidadosa, honesto:honesta, serio:seria,
    ambicioso:ambiciosa, perseverante, constante, paciente, empático:empática, práctico:práctica,
    comunicativo:comunicativa, sociable, amable, atento:atenta, activo:activa, nuevo:nueva,
    ubicado:ubicada, radicado:radicada, residente, nacido:nacida, casado:casada, soltero:soltera,
    colegiado:colegiada, acreditado:acreditada, habilitado:habilitada, reconocido:reconocida,
    premiado:premiada, contratado:contratada, encargado:encargada, integrado:integrada,
    buen:buena, bueno:buena, excelente, primer:primera, primero:primera, último:última, único:única,
    mismo:misma, ideal, capaz, eficaz, tenaz, versátil, ágil, fiable, confiable, seguro:segura`),
  copulas: words('soy estoy sido estado fui ser estar considero'),
  chain: words('y e o muy altamente especialmente senior junior'),
  afterOpener: words('por en de del con para a al sobre'),
  contractions: [['de', 'el', 'del'], ['a', 'el', 'al']],
};
