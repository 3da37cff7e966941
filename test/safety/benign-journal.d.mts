export interface JournalFragments {
  agents: readonly string[];
  requests: readonly string[];
  learned: readonly string[];
  commits: readonly string[];
  paths: readonly string[];
  tasks: readonly string[];
}

export function benignJournal(fragments: JournalFragments, size: number, seed?: number): string;
