export interface CredentialKind {
  kind: string;
  before: string;
  secret: string;
  after: string;
  told: string;
}

export function credentialKinds(seed: string): CredentialKind[];
