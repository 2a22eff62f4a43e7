/**
 * Skills and technical terms that no counterfactual edit may touch (neither the gender twin nor
 * the typos), compared case-insensitively with whole letter runs: programming languages, tools,
 * platforms. Single letters (R, C) are listed so that `R` in a skills line stays as it is.
 */
export const PROTECTED_TERMS: ReadonlySet<string> = new Set(
  [
    'java', 'javascript', 'typescript', 'python', 'go', 'golang', 'rust', 'swift', 'r', 'c', 'kotlin',
    'scala', 'ruby', 'php', 'perl', 'matlab', 'julia', 'haskell', 'elixir', 'dart', 'sql', 'nosql',
    'html', 'css', 'sass', 'bash', 'powershell', 'docker', 'kubernetes', 'helm', 'react', 'angular',
    'vue', 'svelte', 'node', 'nodejs', 'django', 'flask', 'spring', 'rails', 'laravel', 'spark',
    'hadoop', 'kafka', 'airflow', 'excel', 'word', 'powerpoint', 'outlook', 'sap', 'salesforce',
    'aws', 'azure', 'gcp', 'terraform', 'ansible', 'jenkins', 'git', 'github', 'gitlab', 'linux',
    'unix', 'windows', 'macos', 'android', 'ios', 'tableau', 'powerbi', 'looker', 'snowflake',
    'postgresql', 'postgres', 'mysql', 'mongodb', 'redis', 'elasticsearch', 'oracle', 'jira',
    'confluence', 'figma', 'photoshop', 'illustrator', 'autocad', 'solidworks', 'pandas', 'numpy',
    'pytorch', 'tensorflow', 'keras', 'opencv', 'graphql', 'rest', 'json', 'xml', 'yaml', 'scrum',
    'agile', 'kanban', 'devops', 'mlops', 'etl', 'api', 'apis', 'net', 'dotnet', 'cobol', 'fortran',
  ],
);

/**
 * Whether a letter run is a protected term (case-insensitive).
 * @example isProtected('Kubernetes'); // true
 */
export function isProtected(word: string): boolean {
  return PROTECTED_TERMS.has(word.toLowerCase());
}
