/**
 * The screening rubric (RUBRIC.md) and the rubric match score (METRICS.md
 * §8). `RUBRIC` is the single source of truth for the questions, levels,
 * weights, gates and the NLI hypotheses built from them.
 */

/** A yes/no gate about the job description. */
export interface RubricGate {
  readonly id: 'jd_lists_preferred' | 'jd_mentions_education';
  readonly description: string;
  /** NLI hypothesis whose entailment probability is the gate's yes-probability. */
  readonly hypothesis: string;
}

/** One answer level of a question. */
export interface RubricLevel {
  readonly level: number;
  readonly description: string;
  /** NLI hypothesis about the CV given the job. */
  readonly hypothesis: string;
}

/** One scored question. */
export interface RubricQuestion {
  readonly id: string;
  readonly description: string;
  readonly weight: number;
  readonly gate: RubricGate['id'] | undefined;
  /** Levels 0..ℓ_q, in order. */
  readonly levels: readonly RubricLevel[];
}

function freezeDeep<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) freezeDeep(v);
    Object.freeze(value);
  }
  return value;
}

function levels(items: readonly [string, string][]): RubricLevel[] {
  return items.map(([description, hypothesis], level) => ({ level, description, hypothesis }));
}

/** The two gates of RUBRIC.md. */
export const RUBRIC_GATES: readonly RubricGate[] = freezeDeep([
  {
    id: 'jd_lists_preferred',
    description: 'the job description names preferred or nice-to-have skills',
    hypothesis: 'The job description names preferred or nice-to-have skills.',
  },
  {
    id: 'jd_mentions_education',
    description: 'the job description asks for, or prefers, a degree, a field of study, a certification or training',
    hypothesis: 'The job description asks for or prefers a degree, a field of study, a certification or training.',
  },
] as const satisfies readonly RubricGate[]);

/** The seven scored questions of RUBRIC.md with their weights (sum 100), gates and levels. */
export const RUBRIC: readonly RubricQuestion[] = freezeDeep([
  {
    id: 'required_skills',
    description: "how many of the job's required skills the CV shows, in a skills list or in described work",
    weight: 30,
    gate: undefined,
    levels: levels([
      ['none of them', "The CV shows none of the job's required skills."],
      ['under half', "The CV shows under half of the job's required skills."],
      ['roughly half', "The CV shows roughly half of the job's required skills."],
      ['most, with one or two absent', "The CV shows most of the job's required skills, with one or two absent."],
      ['all of them', "The CV shows all of the job's required skills."],
    ]),
  },
  {
    id: 'relevant_experience',
    description: "how much of the job's daily work the candidate has already done in paid roles",
    weight: 25,
    gate: undefined,
    levels: levels([
      ['none', "The candidate has done none of the job's daily work."],
      ['only related work, or only in internships, study or side projects', "The candidate has done only related work, or the job's work only in internships, study or side projects."],
      ['a few of the duties, professionally', "The candidate has done a few of the job's duties in paid roles."],
      ['most of the duties, professionally', "The candidate has done most of the job's duties in paid roles."],
      ['all of the duties, over several years or roles', "The candidate has done all of the job's duties in paid roles, over several years or roles."],
    ]),
  },
  {
    id: 'seniority_match',
    description: "the candidate's level and scope of ownership against the level asked",
    weight: 15,
    gate: undefined,
    levels: levels([
      ['two or more levels below (e.g. a graduate for a lead role)', 'The candidate is two or more levels below the level the job asks for.'],
      ['one level below', 'The candidate is one level below the level the job asks for.'],
      ['the same level, smaller scope than asked', 'The candidate is at the level the job asks for, with a smaller scope of ownership than asked.'],
      ['the same level and the scope asked', 'The candidate is at the level the job asks for, with the scope of ownership asked.'],
    ]),
  },
  {
    id: 'domain_fit',
    description: "closeness of the candidate's field and industry to the job's",
    weight: 10,
    gate: undefined,
    levels: levels([
      ['an unrelated field', "The candidate works in a field unrelated to the job's."],
      ['another field with similar problems', "The candidate works in another field with problems similar to the job's."],
      ['the same field, another industry', "The candidate works in the job's field, in another industry."],
      ['the same field and industry', "The candidate works in the job's field and industry."],
    ]),
  },
  {
    id: 'preferred_skills',
    description: 'how many of the preferred skills the CV shows',
    weight: 10,
    gate: 'jd_lists_preferred',
    levels: levels([
      ['none', "The CV shows none of the job's preferred skills."],
      ['under half', "The CV shows under half of the job's preferred skills."],
      ['roughly half', "The CV shows roughly half of the job's preferred skills."],
      ['more than half, or all', "The CV shows more than half of the job's preferred skills, or all of them."],
    ]),
  },
  {
    id: 'education_learning',
    description: "how closely education, certificates and training match the job's field",
    weight: 5,
    gate: 'jd_mentions_education',
    levels: levels([
      ['nothing related', "The CV shows no education, certificate or training related to the job's field."],
      ['a neighbouring field', "The CV shows education, certificates or training in a field neighbouring the job's."],
      ['a degree, certificate or course in the field', "The CV shows a degree, certificate or course in the job's field."],
      ['a degree in the field and a course or certificate in a skill the job asks for', "The CV shows a degree in the job's field and a course or certificate in a skill the job asks for."],
    ]),
  },
  {
    id: 'evidence_impact',
    description: "how concretely the CV describes work like the job's main duties (what was done, with which systems, with what result)",
    weight: 5,
    gate: undefined,
    levels: levels([
      ['nothing similar', "The CV describes no work similar to the job's main duties."],
      ['only in a skills list or a one-line summary', "The CV mentions work like the job's main duties only in a skills list or a one-line summary."],
      ['described in at least one role', "The CV describes work like the job's main duties in at least one role."],
      ['described in several roles with specifics such as scale, systems or measured results', "The CV describes work like the job's main duties in several roles, with specifics such as scale, systems or measured results."],
    ]),
  },
] satisfies RubricQuestion[]);

/** A model's answer to one question: a probability per level, or one level. */
export type RubricAnswer = { readonly probabilities: readonly number[] } | { readonly level: number };

/** Answers to the rubric: every question, and each gate's yes-probability. */
export interface RubricAnswers {
  readonly questions: Readonly<Record<string, RubricAnswer>>;
  readonly gates: Readonly<Partial<Record<RubricGate['id'], number>>>;
}

/**
 * a_q, the answer's position on [0, 1]: (1/ℓ_q) Σ_v v·p_q(v) for level
 * probabilities, v̂/ℓ_q for one level (METRICS.md §8).
 * @throws {RangeError} for a wrong number of probabilities, probabilities
 *   outside [0, 1] or not summing to 1 (±1e-6), or a level outside 0..ℓ_q.
 * @example answerPosition(RUBRIC[0], { level: 3 }) // 0.75
 */
export function answerPosition(question: RubricQuestion, answer: RubricAnswer): number {
  const top = question.levels.length - 1;
  if ('level' in answer) {
    if (!Number.isInteger(answer.level) || answer.level < 0 || answer.level > top) {
      throw new RangeError(`${question.id}: level must be an integer in 0..${top}, got ${answer.level}`);
    }
    return answer.level / top;
  }
  const p = answer.probabilities;
  if (p.length !== top + 1) throw new RangeError(`${question.id}: expected ${top + 1} level probabilities, got ${p.length}`);
  let sum = 0;
  let expected = 0;
  p.forEach((pv, v) => {
    if (!(pv >= 0 && pv <= 1)) throw new RangeError(`${question.id}: probability of level ${v} is not in [0, 1]: ${pv}`);
    sum += pv;
    expected += v * pv;
  });
  if (Math.abs(sum - 1) > 1e-6) throw new RangeError(`${question.id}: level probabilities sum to ${sum}, not 1`);
  return expected / top;
}

/**
 * Rubric match score s = 100 · Σ_q w_q g_q a_q / Σ_q w_q g_q (METRICS.md §8),
 * g_q = 1 for ungated questions and for gated ones whose gate's
 * yes-probability is ≥ 0.5 (a missing gate probability counts as 0).
 * @throws {RangeError} when a question is unanswered or an answer is invalid.
 * @example rubricScore({ questions: allLevels(4, 4, 3, 3, 3, 3, 3), gates: {} }) // 100
 */
export function rubricScore(answers: RubricAnswers): number {
  let numerator = 0;
  let denominator = 0;
  for (const q of RUBRIC) {
    const answer = answers.questions[q.id];
    if (answer === undefined) throw new RangeError(`no answer for rubric question ${q.id}`);
    const a = answerPosition(q, answer);
    const gated = q.gate !== undefined && !((answers.gates[q.gate] ?? 0) >= 0.5);
    if (gated) continue;
    numerator += q.weight * a;
    denominator += q.weight;
  }
  return (100 * numerator) / denominator;
}

/**
 * Score of a model that outputs one fit probability p: s = 100p (METRICS.md §8).
 * @throws {RangeError} when p is not in [0, 1].
 */
export function fitProbabilityScore(p: number): number {
  if (!(p >= 0 && p <= 1)) throw new RangeError(`fit probability must be in [0, 1], got ${p}`);
  return 100 * p;
}
