/**
 * Occupation taxonomy of the freelance-twins dataset, written in English,
 * French, Spanish, German and Dutch.
 *
 * Titles are "masculine|feminine" (one form when the word is epicene in that
 * language). In French and Spanish a "~" marks where the seniority adjective
 * goes; without it the adjective follows the whole title. Skills are either
 * one string (the same in every language, e.g. "React") or five strings in
 * the order en, fr, es, de, nl. Tasks are phrases that read after a colon or
 * after "includes"; in English they are gerund phrases.
 */

export const LANGS = ['en', 'fr', 'es', 'de', 'nl'] as const;
export type Lang = (typeof LANGS)[number];
export type L5 = readonly [string, string, string, string, string];

export const SENIORITIES = ['ENTRY', 'INTERMEDIATE', 'EXPERT', 'EXPERT PLUS'] as const;
export type Seniority = (typeof SENIORITIES)[number];

export interface Occupation {
  id: string;
  /** Occupations of one family are related (relevance grade 1 across them). */
  family: string;
  title: Record<Lang, string>;
  skills: readonly (string | L5)[];
  tasks: readonly L5[];
}

export const OCCUPATIONS: readonly Occupation[] = [
  {
    id: 'web-developer',
    family: 'software',
    title: { en: 'web developer', fr: 'développeur web|développeuse web', es: 'desarrollador web|desarrolladora web', de: 'Webentwickler|Webentwicklerin', nl: 'webontwikkelaar' },
    skills: ['React', 'TypeScript', 'Vue.js', 'HTML and CSS', ['responsive design', 'design adaptatif', 'diseño adaptable', 'Responsive Design', 'responsive design'], ['web accessibility', 'accessibilité web', 'accesibilidad web', 'Barrierefreiheit', 'webtoegankelijkheid'], 'Next.js'],
    tasks: [
      ['building a checkout flow for an online shop', "développement du tunnel de paiement d'une boutique en ligne", 'desarrollo del proceso de pago de una tienda online', 'Entwicklung des Bestellprozesses für einen Onlineshop', 'bouwen van het afrekenproces van een webwinkel'],
      ['migrating a legacy site to a modern framework', "migration d'un ancien site vers un framework moderne", 'migración de una web antigua a un framework moderno', 'Migration einer alten Website auf ein modernes Framework', 'migreren van een verouderde site naar een modern framework'],
      ['making a public service website accessible', "mise en accessibilité d'un site de service public", 'adaptación de la web de un servicio público a las normas de accesibilidad', 'barrierefreie Umgestaltung eines Behördenportals', 'toegankelijk maken van een website van de overheid'],
    ],
  },
  {
    id: 'backend-developer',
    family: 'software',
    title: { en: 'backend developer', fr: 'développeur back-end|développeuse back-end', es: 'desarrollador backend|desarrolladora backend', de: 'Backend-Entwickler|Backend-Entwicklerin', nl: 'backendontwikkelaar' },
    skills: ['Node.js', 'Python', 'PostgreSQL', ['REST API design', "conception d'API REST", 'diseño de API REST', 'REST-API-Design', 'REST-API-ontwerp'], 'Java', 'Go', ['microservices', 'microservices', 'microservicios', 'Microservices', 'microservices']],
    tasks: [
      ['designing a payments API', "conception d'une API de paiement", 'diseño de una API de pagos', 'Konzeption einer Zahlungs-API', 'ontwerpen van een betaal-API'],
      ['splitting a monolith into services', "découpage d'un monolithe en services", 'división de un monolito en servicios', 'Aufteilung eines Monolithen in Services', 'opsplitsen van een monoliet in services'],
      ['speeding up slow database queries', 'optimisation de requêtes SQL trop lentes', 'optimización de consultas lentas a la base de datos', 'Beschleunigung langsamer Datenbankabfragen', 'versnellen van trage databasequery’s'],
    ],
  },
  {
    id: 'mobile-developer',
    family: 'software',
    title: { en: 'mobile app developer', fr: 'développeur mobile|développeuse mobile', es: 'desarrollador~ de apps móviles|desarrolladora~ de apps móviles', de: 'App-Entwickler|App-Entwicklerin', nl: 'app-ontwikkelaar' },
    skills: ['Swift', 'Kotlin', 'Flutter', 'React Native', ['push notifications', 'notifications push', 'notificaciones push', 'Push-Benachrichtigungen', 'pushmeldingen'], ['App Store publishing', "publication sur l'App Store", 'publicación en App Store', 'Veröffentlichung im App Store', 'publiceren in de App Store'], 'Firebase'],
    tasks: [
      ['building a booking app for a fitness studio', "création d'une appli de réservation pour une salle de sport", 'desarrollo de una app de reservas para un gimnasio', 'Entwicklung einer Buchungs-App für ein Fitnessstudio', 'bouwen van een boekingsapp voor een sportschool'],
      ['adding offline mode to a field-service app', "ajout d'un mode hors ligne à une appli d'intervention", 'incorporación de un modo sin conexión a una app de servicio técnico', 'Offline-Modus für eine Außendienst-App', 'toevoegen van een offline modus aan een app voor monteurs'],
      ['porting an iOS app to Android', "portage d'une appli iOS vers Android", 'migración de una app de iOS a Android', 'Portierung einer iOS-App auf Android', 'overzetten van een iOS-app naar Android'],
    ],
  },
  {
    id: 'devops-engineer',
    family: 'software',
    title: { en: 'DevOps engineer', fr: 'ingénieur DevOps|ingénieure DevOps', es: 'ingeniero DevOps|ingeniera DevOps', de: 'DevOps-Ingenieur|DevOps-Ingenieurin', nl: 'DevOps-engineer' },
    skills: ['Kubernetes', 'Docker', 'Terraform', 'AWS', ['CI/CD pipelines', 'chaînes CI/CD', 'pipelines de CI/CD', 'CI/CD-Pipelines', 'CI/CD-pipelines'], ['monitoring', 'supervision', 'monitorización', 'Monitoring', 'monitoring'], 'Linux'],
    tasks: [
      ['moving a web platform to Kubernetes', "migration d'une plateforme web vers Kubernetes", 'migración de una plataforma web a Kubernetes', 'Umzug einer Webplattform auf Kubernetes', 'overzetten van een webplatform naar Kubernetes'],
      ['cutting cloud costs by a third', "réduction d'un tiers de la facture cloud", 'reducción de un tercio de los costes en la nube', 'Senkung der Cloud-Kosten um ein Drittel', 'terugbrengen van de cloudkosten met een derde'],
      ['setting up automated deployments', 'mise en place de déploiements automatisés', 'implantación de despliegues automatizados', 'Einführung automatisierter Deployments', 'opzetten van geautomatiseerde deployments'],
    ],
  },
  {
    id: 'data-scientist',
    family: 'software',
    title: { en: 'data scientist', fr: 'data scientist', es: 'científico de datos|científica de datos', de: 'Datenwissenschaftler|Datenwissenschaftlerin', nl: 'datawetenschapper' },
    skills: ['Python', 'SQL', ['machine learning', 'apprentissage automatique', 'aprendizaje automático', 'maschinelles Lernen', 'machine learning'], ['statistics', 'statistiques', 'estadística', 'Statistik', 'statistiek'], 'pandas', ['forecasting', 'prévision', 'previsión de demanda', 'Prognosemodelle', 'voorspelmodellen'], ['data visualisation', 'visualisation de données', 'visualización de datos', 'Datenvisualisierung', 'datavisualisatie']],
    tasks: [
      ['forecasting demand for a retail chain', "prévision de la demande d'une chaîne de magasins", 'previsión de la demanda de una cadena de tiendas', 'Absatzprognose für eine Handelskette', 'voorspellen van de vraag voor een winkelketen'],
      ['building a churn model for a subscription service', "modèle d'attrition pour un service par abonnement", 'modelo de abandono de clientes para un servicio de suscripción', 'Kündigungsmodell für einen Abo-Dienst', 'bouwen van een churnmodel voor een abonnementsdienst'],
      ['analysing A/B tests for an online shop', "analyse de tests A/B pour un site marchand", 'análisis de pruebas A/B para una tienda online', 'Auswertung von A/B-Tests für einen Onlineshop', 'analyseren van A/B-tests voor een webwinkel'],
    ],
  },
  {
    id: 'ux-designer',
    family: 'design',
    title: { en: 'UX/UI designer', fr: 'designer UX/UI', es: 'diseñador UX/UI|diseñadora UX/UI', de: 'UX-Designer|UX-Designerin', nl: 'UX-ontwerper|UX-ontwerpster' },
    skills: ['Figma', ['user research', 'recherche utilisateur', 'investigación de usuarios', 'Nutzerforschung', 'gebruikersonderzoek'], ['wireframing', 'maquettage', 'wireframes', 'Wireframing', 'wireframing'], ['prototyping', 'prototypage', 'prototipado', 'Prototyping', 'prototyping'], ['usability testing', "tests d'utilisabilité", 'pruebas de usabilidad', 'Usability-Tests', 'usabilitytests'], ['design systems', 'design systems', 'sistemas de diseño', 'Designsysteme', 'designsystemen'], 'Adobe XD'],
    tasks: [
      ['redesigning the onboarding of a banking app', "refonte du parcours d'inscription d'une appli bancaire", 'rediseño del registro de una app bancaria', 'Neugestaltung des Onboardings einer Banking-App', 'herontwerpen van de onboarding van een bankapp'],
      ['building a design system for a SaaS product', "création d'un design system pour un produit SaaS", 'creación de un sistema de diseño para un producto SaaS', 'Aufbau eines Designsystems für ein SaaS-Produkt', 'opzetten van een designsysteem voor een SaaS-product'],
      ['running usability tests with patients', "tests d'utilisabilité avec des patients", 'pruebas de usabilidad con pacientes', 'Usability-Tests mit Patientinnen und Patienten', 'uitvoeren van usabilitytests met patiënten'],
    ],
  },
  {
    id: 'graphic-designer',
    family: 'design',
    title: { en: 'graphic designer', fr: 'graphiste', es: 'diseñador gráfico|diseñadora gráfica', de: 'Grafikdesigner|Grafikdesignerin', nl: 'grafisch ontwerper|grafisch ontwerpster' },
    skills: ['Adobe Illustrator', 'Adobe InDesign', 'Photoshop', ['logo design', 'création de logos', 'diseño de logotipos', 'Logodesign', 'logo-ontwerp'], ['brand identity', 'identité visuelle', 'identidad visual', 'Corporate Design', 'huisstijl'], ['print layout', 'mise en page print', 'maquetación para imprenta', 'Drucksatz', 'drukwerkopmaak'], ['packaging design', "design d'emballage", 'diseño de packaging', 'Verpackungsdesign', 'verpakkingsontwerp']],
    tasks: [
      ['creating a new logo and brand guide for a bakery', "création du logo et de la charte graphique d'une boulangerie", 'diseño del logotipo y el manual de marca de una panadería', 'Logo und Gestaltungsrichtlinien für eine Bäckerei', 'ontwerpen van een logo en huisstijlgids voor een bakkerij'],
      ['laying out an annual report', "mise en page d'un rapport annuel", 'maquetación de una memoria anual', 'Satz und Layout eines Geschäftsberichts', 'opmaken van een jaarverslag'],
      ['designing labels for a craft brewery', "création d'étiquettes pour une brasserie artisanale", 'diseño de etiquetas para una cervecera artesanal', 'Etikettendesign für eine Craft-Beer-Brauerei', 'ontwerpen van etiketten voor een ambachtelijke brouwerij'],
    ],
  },
  {
    id: 'video-editor',
    family: 'design',
    title: { en: 'video editor', fr: 'monteur vidéo|monteuse vidéo', es: 'editor de vídeo|editora de vídeo', de: 'Videoeditor|Videoeditorin', nl: 'video-editor' },
    skills: ['Premiere Pro', 'DaVinci Resolve', 'After Effects', ['colour grading', 'étalonnage', 'etalonaje', 'Farbkorrektur', 'kleurcorrectie'], ['motion graphics', 'motion design', 'motion graphics', 'Motion Graphics', 'motion graphics'], ['subtitling', 'sous-titrage', 'subtitulado', 'Untertitelung', 'ondertiteling'], ['sound mixing', 'mixage son', 'mezcla de sonido', 'Tonmischung', 'geluidsmixage']],
    tasks: [
      ['cutting a short documentary', "montage d'un court documentaire", 'montaje de un documental corto', 'Schnitt eines kurzen Dokumentarfilms', 'monteren van een korte documentaire'],
      ['editing weekly videos for a YouTube channel', 'montage de vidéos hebdomadaires pour une chaîne YouTube', 'edición de vídeos semanales para un canal de YouTube', 'wöchentlicher Videoschnitt für einen YouTube-Kanal', 'wekelijks monteren van video’s voor een YouTube-kanaal'],
      ['producing short clips for social media', 'réalisation de formats courts pour les réseaux sociaux', 'producción de clips cortos para redes sociales', 'Produktion kurzer Clips für soziale Medien', 'maken van korte clips voor sociale media'],
    ],
  },
  {
    id: 'photographer',
    family: 'design',
    title: { en: 'photographer', fr: 'photographe', es: 'fotógrafo|fotógrafa', de: 'Fotograf|Fotografin', nl: 'fotograaf|fotografe' },
    skills: [['product photography', 'photo produit', 'fotografía de producto', 'Produktfotografie', 'productfotografie'], ['portrait photography', 'portrait', 'retrato', 'Porträtfotografie', 'portretfotografie'], ['event photography', "photo d'événement", 'fotografía de eventos', 'Eventfotografie', 'evenementfotografie'], 'Lightroom', ['studio lighting', 'éclairage studio', 'iluminación de estudio', 'Studiobeleuchtung', 'studioverlichting'], ['photo retouching', 'retouche photo', 'retoque fotográfico', 'Bildbearbeitung', 'fotobewerking'], ['drone photography', 'photo par drone', 'fotografía con dron', 'Drohnenfotografie', 'dronefotografie']],
    tasks: [
      ['shooting a product catalogue for a furniture brand', "shooting du catalogue d'une marque de meubles", 'sesión para el catálogo de una marca de muebles', 'Katalogshooting für eine Möbelmarke', 'fotograferen van een productcatalogus voor een meubelmerk'],
      ['covering a two-day conference', "couverture photo d'un congrès de deux jours", 'cobertura fotográfica de un congreso de dos días', 'Fotodokumentation einer zweitägigen Konferenz', 'fotograferen van een tweedaags congres'],
      ['taking staff portraits for a law firm', "portraits de l'équipe d'un cabinet d'avocats", 'retratos del equipo de un bufete de abogados', 'Mitarbeiterporträts für eine Anwaltskanzlei', 'maken van teamportretten voor een advocatenkantoor'],
    ],
  },
  {
    id: 'translator',
    family: 'writing',
    title: { en: 'translator', fr: 'traducteur|traductrice', es: 'traductor|traductora', de: 'Übersetzer|Übersetzerin', nl: 'vertaler|vertaalster' },
    skills: [['legal translation', 'traduction juridique', 'traducción jurídica', 'juristische Übersetzung', 'juridisch vertalen'], ['medical translation', 'traduction médicale', 'traducción médica', 'medizinische Übersetzung', 'medisch vertalen'], ['localisation', 'localisation', 'localización', 'Lokalisierung', 'lokalisatie'], ['proofreading', 'relecture', 'corrección de textos', 'Korrekturlesen', 'proeflezen'], 'SDL Trados', ['subtitle translation', 'traduction de sous-titres', 'traducción de subtítulos', 'Untertitelübersetzung', 'ondertitelvertaling'], ['sworn translation', 'traduction assermentée', 'traducción jurada', 'beglaubigte Übersetzung', 'beëdigd vertalen']],
    tasks: [
      ['translating contracts for a logistics company', "traduction de contrats pour une entreprise de logistique", 'traducción de contratos para una empresa de logística', 'Übersetzung von Verträgen für ein Logistikunternehmen', 'vertalen van contracten voor een logistiek bedrijf'],
      ['localising a mobile game into five languages', "localisation d'un jeu mobile en cinq langues", 'localización de un juego para móviles a cinco idiomas', 'Lokalisierung eines Handyspiels in fünf Sprachen', 'lokaliseren van een mobiele game in vijf talen'],
      ['translating patient leaflets', 'traduction de notices pour patients', 'traducción de prospectos para pacientes', 'Übersetzung von Patienteninformationen', 'vertalen van patiëntenfolders'],
    ],
  },
  {
    id: 'copywriter',
    family: 'writing',
    title: { en: 'copywriter', fr: 'rédacteur web|rédactrice web', es: 'redactor publicitario|redactora publicitaria', de: 'Texter|Texterin', nl: 'copywriter' },
    skills: [['SEO writing', 'rédaction SEO', 'redacción SEO', 'SEO-Texte', 'SEO-teksten'], ['blog articles', 'articles de blog', 'artículos de blog', 'Blogartikel', 'blogartikelen'], ['email campaigns', 'campagnes e-mailing', 'campañas de email', 'E-Mail-Kampagnen', 'e-mailcampagnes'], ['product descriptions', 'fiches produits', 'descripciones de producto', 'Produkttexte', 'productteksten'], ['ghostwriting', 'prête-plume', 'escritura fantasma', 'Ghostwriting', 'ghostwriting'], ['landing pages', "pages d'atterrissage", 'landing pages', 'Landingpages', 'landingspagina’s'], ['tone of voice', 'ton éditorial', 'tono de marca', 'Markensprache', 'tone of voice']],
    tasks: [
      ['writing product pages for an outdoor shop', "rédaction des fiches produits d'une boutique outdoor", 'redacción de fichas de producto para una tienda de montaña', 'Produkttexte für einen Outdoor-Shop', 'schrijven van productpagina’s voor een outdoorwinkel'],
      ['running a monthly newsletter for a charity', "rédaction de la lettre mensuelle d'une association", 'redacción del boletín mensual de una ONG', 'monatlicher Newsletter für eine gemeinnützige Organisation', 'schrijven van de maandelijkse nieuwsbrief van een goed doel'],
      ['rewriting the website of an engineering firm', "réécriture du site d'un bureau d'études", 'reescritura de la web de una ingeniería', 'Neufassung der Website eines Ingenieurbüros', 'herschrijven van de website van een ingenieursbureau'],
    ],
  },
  {
    id: 'digital-marketer',
    family: 'marketing',
    title: { en: 'digital marketing specialist', fr: 'spécialiste~ en marketing digital', es: 'especialista~ en marketing digital', de: 'Online-Marketing-Manager|Online-Marketing-Managerin', nl: 'online marketeer' },
    skills: ['Google Ads', ['SEO', 'référencement naturel', 'posicionamiento SEO', 'Suchmaschinenoptimierung', 'zoekmachineoptimalisatie'], 'Google Analytics', ['email marketing', 'e-mailing', 'email marketing', 'E-Mail-Marketing', 'e-mailmarketing'], ['conversion optimisation', 'optimisation des conversions', 'optimización de conversiones', 'Conversion-Optimierung', 'conversieoptimalisatie'], ['marketing automation', 'automatisation marketing', 'automatización del marketing', 'Marketing-Automatisierung', 'marketingautomatisering'], 'HubSpot'],
    tasks: [
      ['launching search campaigns for a language school', "lancement de campagnes Google Ads pour une école de langues", 'lanzamiento de campañas de búsqueda para una academia de idiomas', 'Start von Suchkampagnen für eine Sprachschule', 'opzetten van zoekcampagnes voor een taleninstituut'],
      ['auditing the SEO of an online shop', "audit SEO d'un site e-commerce", 'auditoría SEO de una tienda online', 'SEO-Audit eines Onlineshops', 'SEO-audit van een webwinkel'],
      ['setting up a lead nurturing workflow', 'mise en place de scénarios de nurturing', 'creación de flujos de nutrición de leads', 'Aufbau einer Lead-Nurturing-Strecke', 'opzetten van een leadnurturingflow'],
    ],
  },
  {
    id: 'social-media-manager',
    family: 'marketing',
    title: { en: 'social media manager', fr: 'community manager', es: 'gestor de redes sociales|gestora de redes sociales', de: 'Social-Media-Manager|Social-Media-Managerin', nl: 'socialmediamanager' },
    skills: ['Instagram', 'TikTok', 'LinkedIn', ['content calendars', 'calendrier éditorial', 'calendario editorial', 'Redaktionsplanung', 'contentkalenders'], ['community management', 'animation de communauté', 'gestión de comunidades', 'Community-Management', 'communitymanagement'], ['paid social', 'publicité sur les réseaux sociaux', 'publicidad en redes sociales', 'Social Ads', 'social advertising'], ['influencer partnerships', "partenariats d'influence", 'colaboraciones con influencers', 'Influencer-Kooperationen', 'influencersamenwerkingen']],
    tasks: [
      ['growing the Instagram account of a restaurant group', "développement du compte Instagram d'un groupe de restaurants", 'crecimiento de la cuenta de Instagram de un grupo de restaurantes', 'Ausbau des Instagram-Kanals einer Restaurantgruppe', 'laten groeien van het Instagramaccount van een restaurantgroep'],
      ['planning a product launch on TikTok', "préparation d'un lancement de produit sur TikTok", 'planificación del lanzamiento de un producto en TikTok', 'Planung eines Produktlaunches auf TikTok', 'plannen van een productlancering op TikTok'],
      ['handling comments and messages for a city festival', "modération des commentaires d'un festival municipal", 'gestión de comentarios y mensajes de un festival municipal', 'Betreuung von Kommentaren und Nachrichten für ein Stadtfest', 'beantwoorden van reacties en berichten voor een stadsfestival'],
    ],
  },
  {
    id: 'accountant',
    family: 'finance',
    title: { en: 'accountant', fr: 'comptable', es: 'contador|contadora', de: 'Buchhalter|Buchhalterin', nl: 'boekhouder|boekhoudster' },
    skills: [['bookkeeping', 'tenue de comptabilité', 'contabilidad general', 'Finanzbuchhaltung', 'boekhouding'], ['VAT returns', 'déclarations de TVA', 'declaraciones de IVA', 'Umsatzsteuervoranmeldungen', 'btw-aangiftes'], ['payroll', 'paie', 'nóminas', 'Lohnabrechnung', 'salarisadministratie'], ['year-end accounts', 'bilans annuels', 'cierres anuales', 'Jahresabschlüsse', 'jaarrekeningen'], 'Xero', 'QuickBooks', ['bank reconciliation', 'rapprochements bancaires', 'conciliaciones bancarias', 'Bankabstimmungen', 'bankaansluitingen']],
    tasks: [
      ['catching up a year of bookkeeping for a small business', "mise à jour d'un an de comptabilité pour une TPE", 'puesta al día de un año de contabilidad para una pequeña empresa', 'Aufarbeitung eines Jahres Buchhaltung für einen Kleinbetrieb', 'bijwerken van een jaar boekhouding voor een klein bedrijf'],
      ['preparing quarterly VAT returns', 'préparation des déclarations de TVA trimestrielles', 'preparación de las declaraciones trimestrales de IVA', 'Erstellung der vierteljährlichen Umsatzsteuervoranmeldung', 'voorbereiden van de btw-aangifte per kwartaal'],
      ['running payroll for a team of twenty', "gestion de la paie d'une équipe de vingt personnes", 'gestión de las nóminas de un equipo de veinte personas', 'Lohnabrechnung für ein Team von zwanzig Personen', 'verzorgen van de salarisadministratie voor twintig medewerkers'],
    ],
  },
  {
    id: 'financial-analyst',
    family: 'finance',
    title: { en: 'financial analyst', fr: 'analyste financier|analyste financière', es: 'analista financiero|analista financiera', de: 'Finanzanalyst|Finanzanalystin', nl: 'financieel analist' },
    skills: [['financial modelling', 'modélisation financière', 'modelización financiera', 'Finanzmodellierung', 'financiële modellering'], 'Excel', ['budgeting', 'élaboration budgétaire', 'elaboración de presupuestos', 'Budgetplanung', 'budgettering'], ['company valuation', "évaluation d'entreprise", 'valoración de empresas', 'Unternehmensbewertung', 'bedrijfswaardering'], 'Power BI', ['cash-flow forecasting', 'prévisions de trésorerie', 'previsión de tesorería', 'Liquiditätsplanung', 'cashflowprognoses'], ['investor reporting', 'reporting investisseurs', 'informes para inversores', 'Investorenreporting', 'investeerdersrapportages']],
    tasks: [
      ['building a five-year financial model for a start-up', "construction du modèle financier à cinq ans d'une start-up", 'elaboración del modelo financiero a cinco años de una startup', 'Fünfjahres-Finanzmodell für ein Start-up', 'opstellen van een financieel vijfjarenmodel voor een start-up'],
      ['preparing a valuation before a fundraising round', "valorisation avant une levée de fonds", 'valoración previa a una ronda de financiación', 'Unternehmensbewertung vor einer Finanzierungsrunde', 'waardering voorafgaand aan een financieringsronde'],
      ['setting up monthly management reports', 'mise en place du reporting mensuel de gestion', 'creación de informes mensuales de gestión', 'Aufbau eines monatlichen Management-Reportings', 'opzetten van maandelijkse managementrapportages'],
    ],
  },
  {
    id: 'virtual-assistant',
    family: 'admin',
    title: { en: 'virtual assistant', fr: 'assistant virtuel|assistante virtuelle', es: 'asistente virtual', de: 'Remote-Assistent|Remote-Assistentin', nl: 'virtueel assistent|virtueel assistente' },
    skills: [['calendar management', "gestion d'agenda", 'gestión de agendas', 'Terminplanung', 'agendabeheer'], ['inbox management', 'gestion de boîte mail', 'gestión del correo', 'E-Mail-Management', 'mailbeheer'], ['data entry', 'saisie de données', 'introducción de datos', 'Datenerfassung', 'data-invoer'], ['travel booking', 'organisation de déplacements', 'reserva de viajes', 'Reiseorganisation', 'reisplanning'], ['customer support', 'support client', 'atención al cliente', 'Kundensupport', 'klantenservice'], 'Google Workspace', ['invoicing', 'facturation', 'facturación', 'Rechnungsstellung', 'facturatie']],
    tasks: [
      ['managing the diary and inbox of a busy founder', "gestion de l'agenda et des mails d'une dirigeante très occupée", 'gestión de la agenda y el correo de un fundador muy ocupado', 'Termin- und Postfachverwaltung für eine viel beschäftigte Gründerin', 'beheren van de agenda en mailbox van een drukke oprichter'],
      ['organising travel for a sales team', "organisation des déplacements d'une équipe commerciale", 'organización de los viajes de un equipo comercial', 'Reiseplanung für ein Vertriebsteam', 'regelen van reizen voor een salesteam'],
      ['cleaning up a customer database', "nettoyage d'une base clients", 'depuración de una base de datos de clientes', 'Bereinigung einer Kundendatenbank', 'opschonen van een klantendatabase'],
    ],
  },
  {
    id: 'project-manager',
    family: 'admin',
    title: { en: 'project manager', fr: 'chef de projet|cheffe de projet', es: 'jefe de proyecto|jefa de proyecto', de: 'Projektmanager|Projektmanagerin', nl: 'projectmanager' },
    skills: ['Scrum', 'Jira', ['stakeholder management', 'gestion des parties prenantes', 'gestión de interesados', 'Stakeholder-Management', 'stakeholdermanagement'], ['risk management', 'gestion des risques', 'gestión de riesgos', 'Risikomanagement', 'risicomanagement'], 'PRINCE2', ['budget control', 'suivi budgétaire', 'control presupuestario', 'Budgetkontrolle', 'budgetbewaking'], ['agile coaching', 'coaching agile', 'coaching ágil', 'agiles Coaching', 'agile coaching']],
    tasks: [
      ['leading the rollout of a new CRM', "pilotage du déploiement d'un nouveau CRM", 'dirección de la implantación de un nuevo CRM', 'Leitung der Einführung eines neuen CRM', 'leiden van de invoering van een nieuw CRM'],
      ['coordinating an office move', "coordination d'un déménagement de bureaux", 'coordinación de un traslado de oficinas', 'Koordination eines Büroumzugs', 'coördineren van een kantoorverhuizing'],
      ['rescuing a delayed software project', "redressement d'un projet logiciel en retard", 'reconducción de un proyecto de software retrasado', 'Rettung eines verspäteten Softwareprojekts', 'weer op koers brengen van een vertraagd softwareproject'],
    ],
  },
  {
    id: 'nurse',
    family: 'health',
    title: { en: 'nurse', fr: 'infirmier|infirmière', es: 'enfermero|enfermera', de: 'Krankenpfleger|Krankenpflegerin', nl: 'verpleger|verpleegster' },
    skills: [['wound care', 'soins des plaies', 'cura de heridas', 'Wundversorgung', 'wondverzorging'], ['medication administration', 'administration des médicaments', 'administración de medicación', 'Medikamentengabe', 'medicatieverstrekking'], ['patient monitoring', 'surveillance des patients', 'monitorización de pacientes', 'Patientenüberwachung', 'patiëntbewaking'], ['elderly care', 'soins gériatriques', 'cuidado geriátrico', 'Altenpflege', 'ouderenzorg'], ['home care', 'soins à domicile', 'atención domiciliaria', 'häusliche Pflege', 'thuiszorg'], ['IV therapy', 'perfusions', 'terapia intravenosa', 'Infusionstherapie', 'infuustherapie'], ['care documentation', 'dossier de soins', 'registros de enfermería', 'Pflegedokumentation', 'zorgdossiers']],
    tasks: [
      ['covering night shifts in a care home', "remplacement de nuit dans un EHPAD", 'cobertura de turnos de noche en una residencia', 'Nachtdienste in einem Pflegeheim', 'draaien van nachtdiensten in een verpleeghuis'],
      ['home visits after hospital discharge', "visites à domicile après une sortie d'hôpital", 'visitas a domicilio tras el alta hospitalaria', 'Hausbesuche nach der Entlassung aus dem Krankenhaus', 'huisbezoeken na ontslag uit het ziekenhuis'],
      ['staffing a vaccination campaign', "renfort pour une campagne de vaccination", 'refuerzo de una campaña de vacunación', 'Unterstützung einer Impfkampagne', 'ondersteunen van een vaccinatiecampagne'],
    ],
  },
  {
    id: 'physiotherapist',
    family: 'health',
    title: { en: 'physiotherapist', fr: 'kinésithérapeute', es: 'fisioterapeuta', de: 'Physiotherapeut|Physiotherapeutin', nl: 'fysiotherapeut' },
    skills: [['sports rehabilitation', 'rééducation sportive', 'rehabilitación deportiva', 'Sportreha', 'sportrevalidatie'], ['manual therapy', 'thérapie manuelle', 'terapia manual', 'manuelle Therapie', 'manuele therapie'], ['post-operative rehab', 'rééducation post-opératoire', 'rehabilitación postoperatoria', 'postoperative Rehabilitation', 'revalidatie na operaties'], ['back pain', 'lombalgies', 'dolor de espalda', 'Rückenschmerzen', 'rugklachten'], ['dry needling', 'dry needling', 'punción seca', 'Dry Needling', 'dry needling'], ['exercise programmes', "programmes d'exercices", 'programas de ejercicio', 'Trainingspläne', 'oefenprogramma’s'], ['ergonomics', 'ergonomie', 'ergonomía', 'Ergonomie', 'ergonomie']],
    tasks: [
      ['home rehab after knee surgery', 'rééducation à domicile après une opération du genou', 'rehabilitación a domicilio tras una operación de rodilla', 'Hausbesuche zur Reha nach einer Knie-OP', 'revalidatie aan huis na een knieoperatie'],
      ['running back-care workshops for office staff', "ateliers de prévention du mal de dos en entreprise", 'talleres de cuidado de la espalda para personal de oficina', 'Rückenschul-Workshops für Büroangestellte', 'geven van rugworkshops voor kantoorpersoneel'],
      ['supporting an amateur football club', "suivi d'un club de football amateur", 'apoyo a un club de fútbol aficionado', 'Betreuung eines Amateurfußballvereins', 'begeleiden van een amateurvoetbalclub'],
    ],
  },
  {
    id: 'language-teacher',
    family: 'education',
    title: { en: 'language teacher', fr: 'professeur~ de langues|professeure~ de langues', es: 'profesor~ de idiomas|profesora~ de idiomas', de: 'Sprachlehrer|Sprachlehrerin', nl: 'taalleraar|taallerares' },
    skills: [['business English', 'anglais des affaires', 'inglés de negocios', 'Business-Englisch', 'zakelijk Engels'], ['exam preparation', "préparation aux examens", 'preparación de exámenes', 'Prüfungsvorbereitung', 'examentraining'], ['online lessons', 'cours en ligne', 'clases en línea', 'Online-Unterricht', 'online lessen'], ['conversation practice', 'pratique de la conversation', 'práctica de conversación', 'Konversationstraining', 'conversatieoefening'], ['Spanish', 'espagnol', 'español', 'Spanisch', 'Spaans'], ['French', 'français', 'francés', 'Französisch', 'Frans'], ['curriculum design', 'conception de programmes', 'diseño curricular', 'Lehrplanentwicklung', 'lesplanontwikkeling']],
    tasks: [
      ['preparing managers for a negotiation in English', 'préparation de cadres à une négociation en anglais', 'preparación de directivos para una negociación en inglés', 'Vorbereitung von Führungskräften auf Verhandlungen auf Englisch', 'voorbereiden van managers op een onderhandeling in het Engels'],
      ['teaching evening classes for beginners', 'cours du soir pour débutants', 'clases nocturnas para principiantes', 'Abendkurse für Anfänger', 'geven van avondlessen aan beginners'],
      ['designing a ten-week online course', "conception d'un cours en ligne de dix semaines", 'diseño de un curso en línea de diez semanas', 'Konzeption eines zehnwöchigen Onlinekurses', 'ontwikkelen van een online cursus van tien weken'],
    ],
  },
  {
    id: 'math-tutor',
    family: 'education',
    title: { en: 'math tutor', fr: 'tuteur~ en mathématiques|tutrice~ en mathématiques', es: 'profesor particular de matemáticas|profesora particular de matemáticas', de: 'Mathe-Nachhilfelehrer|Mathe-Nachhilfelehrerin', nl: 'bijlesdocent wiskunde' },
    skills: [['algebra', 'algèbre', 'álgebra', 'Algebra', 'algebra'], ['calculus', 'analyse', 'cálculo', 'Analysis', 'analyse'], ['geometry', 'géométrie', 'geometría', 'Geometrie', 'meetkunde'], ['statistics', 'statistiques', 'estadística', 'Statistik', 'statistiek'], ['exam preparation', 'préparation aux examens', 'preparación de exámenes', 'Prüfungsvorbereitung', 'examentraining'], ['online tutoring', 'soutien scolaire en ligne', 'clases particulares en línea', 'Online-Nachhilfe', 'online bijles'], ['dyscalculia support', 'accompagnement de la dyscalculie', 'apoyo en discalculia', 'Förderung bei Dyskalkulie', 'begeleiding bij dyscalculie']],
    tasks: [
      ['weekly sessions for a secondary-school student', "séances hebdomadaires pour un lycéen", 'sesiones semanales para un alumno de secundaria', 'wöchentliche Nachhilfe für eine Oberstufenschülerin', 'wekelijkse bijles voor een leerling in het voortgezet onderwijs'],
      ['an intensive course before final exams', 'stage intensif avant le bac', 'curso intensivo antes de selectividad', 'Intensivkurs vor dem Abitur', 'intensieve cursus voor de eindexamens'],
      ['bridging courses for first-year engineering students', "remise à niveau d'étudiants de première année d'ingénierie", 'cursos de nivelación para estudiantes de primero de ingeniería', 'Brückenkurse für Erstsemester im Ingenieurstudium', 'bijspijkercursussen voor eerstejaars technische studenten'],
    ],
  },
  {
    id: 'electrician',
    family: 'trades',
    title: { en: 'electrician', fr: 'électricien|électricienne', es: 'electricista', de: 'Elektriker|Elektrikerin', nl: 'elektricien' },
    skills: [['domestic wiring', 'installation électrique résidentielle', 'instalaciones eléctricas domésticas', 'Hausinstallation', 'huisinstallaties'], ['fault finding', 'recherche de pannes', 'localización de averías', 'Fehlersuche', 'storingen opsporen'], ['EV charger installation', 'pose de bornes de recharge', 'instalación de puntos de recarga', 'Installation von Wallboxen', 'laadpalen installeren'], ['solar panels', 'panneaux solaires', 'placas solares', 'Photovoltaik', 'zonnepanelen'], ['safety inspections', 'diagnostics de sécurité', 'inspecciones de seguridad', 'Sicherheitsprüfungen', 'veiligheidskeuringen'], ['smart home', 'domotique', 'domótica', 'Smart Home', 'domotica'], ['lighting design', "conception d'éclairage", 'diseño de iluminación', 'Lichtplanung', 'lichtontwerp']],
    tasks: [
      ['rewiring a terraced house', "réfection de l'installation électrique d'une maison de ville", 'renovación de la instalación eléctrica de una casa adosada', 'Neuverkabelung eines Reihenhauses', 'opnieuw bedraden van een rijtjeshuis'],
      ['installing a home EV charger', "pose d'une borne de recharge à domicile", 'instalación de un cargador para coche eléctrico', 'Installation einer Wallbox im Eigenheim', 'installeren van een laadpaal bij een woning'],
      ['fitting out a new restaurant', "électricité complète d'un nouveau restaurant", 'instalación eléctrica completa de un restaurante nuevo', 'Elektroinstallation für ein neues Restaurant', 'elektrisch inrichten van een nieuw restaurant'],
    ],
  },
  {
    id: 'carpenter',
    family: 'trades',
    title: { en: 'carpenter', fr: 'menuisier|menuisière', es: 'carpintero|carpintera', de: 'Tischler|Tischlerin', nl: 'timmerman|timmervrouw' },
    skills: [['custom furniture', 'mobilier sur mesure', 'muebles a medida', 'Möbel nach Maß', 'meubels op maat'], ['kitchen fitting', 'pose de cuisines', 'montaje de cocinas', 'Küchenmontage', 'keukens plaatsen'], ['timber framing', 'ossature bois', 'estructuras de madera', 'Holzrahmenbau', 'houtskeletbouw'], ['staircases', 'escaliers', 'escaleras', 'Treppenbau', 'trappen'], ['restoration', 'restauration', 'restauración', 'Restaurierung', 'restauratie'], ['decking', 'terrasses en bois', 'tarimas de exterior', 'Terrassenbau', 'vlonders'], ['CNC machining', 'usinage CNC', 'mecanizado CNC', 'CNC-Bearbeitung', 'CNC-bewerking']],
    tasks: [
      ['building fitted wardrobes', 'fabrication de placards sur mesure', 'fabricación de armarios empotrados', 'Bau von Einbauschränken', 'maken van inbouwkasten'],
      ['restoring an old oak staircase', "restauration d'un vieil escalier en chêne", 'restauración de una antigua escalera de roble', 'Restaurierung einer alten Eichentreppe', 'restaureren van een oude eikenhouten trap'],
      ['laying a garden deck', "pose d'une terrasse en bois", 'construcción de una tarima en el jardín', 'Bau einer Holzterrasse im Garten', 'aanleggen van een vlonder in de tuin'],
    ],
  },
  {
    id: 'private-chef',
    family: 'hospitality',
    title: { en: 'private chef', fr: 'chef cuisinier|cheffe cuisinière', es: 'cocinero|cocinera', de: 'Koch|Köchin', nl: 'kok|kokkin' },
    skills: [['Mediterranean cuisine', 'cuisine méditerranéenne', 'cocina mediterránea', 'mediterrane Küche', 'mediterrane keuken'], ['vegan cooking', 'cuisine végétalienne', 'cocina vegana', 'vegane Küche', 'veganistisch koken'], ['pastry', 'pâtisserie', 'repostería', 'Patisserie', 'patisserie'], ['menu planning', 'élaboration de menus', 'planificación de menús', 'Menüplanung', 'menuplanning'], ['event catering', 'traiteur événementiel', 'catering para eventos', 'Eventcatering', 'eventcatering'], ['food hygiene (HACCP)', 'hygiène alimentaire (HACCP)', 'higiene alimentaria (APPCC)', 'Lebensmittelhygiene (HACCP)', 'voedselveiligheid (HACCP)'], ['meal prep', 'préparation de repas à l’avance', 'preparación de comidas semanales', 'Meal Prep', 'maaltijdvoorbereiding']],
    tasks: [
      ['cooking for a week-long villa rental', "cuisine pour une location de villa d'une semaine", 'cocina para el alquiler de una villa durante una semana', 'Kochen für eine Woche in einer Ferienvilla', 'koken voor een week in een vakantievilla'],
      ['catering a wedding for eighty guests', "repas d'un mariage de quatre-vingts invités", 'catering de una boda de ochenta invitados', 'Catering für eine Hochzeit mit achtzig Gästen', 'verzorgen van een bruiloft met tachtig gasten'],
      ['weekly meal prep for a family', 'préparation des repas de la semaine pour une famille', 'preparación de las comidas semanales de una familia', 'wöchentliches Vorkochen für eine Familie', 'wekelijks maaltijden voorbereiden voor een gezin'],
    ],
  },
];

/** The text of a skill in one language. */
export function skillText(skill: string | L5, lang: Lang): string {
  return typeof skill === 'string' ? skill : skill[LANGS.indexOf(lang)];
}

/** The text of a task in one language. */
export function taskText(task: L5, lang: Lang): string {
  return task[LANGS.indexOf(lang)];
}
